/**
 * Service-worker registration (vite-plugin-pwa, registerType 'prompt'): a new version waits until the user accepts
 * the update prompt, so a running session is never reloaded under the user's fingers. The first install has nothing
 * to wait for: it activates at once and `clientsClaim` (src/sw.ts) puts the page of the first visit under it, so
 * that visit is enough to open the app offline (tests/e2e/offline.spec.ts). Registering earlier would not help the
 * first visit's own API answers, which start before any worker can be in control; the page keeps what it needs for
 * offline itself (the market list, the engine's last snapshots).
 */
import { proxy } from 'valtio'

export interface PwaState {
  /** A new service worker is installed and waiting. */
  needRefresh: boolean
  /** The app shell is cached: it will open offline. */
  offlineReady: boolean
}

export const pwaStore = proxy<PwaState>({ needRefresh: false, offlineReady: false })

let update: ((reload?: boolean) => Promise<void>) | undefined

/**
 * Registers the service worker (no-op where service workers are unavailable, e.g. plain http on a LAN address).
 * workbox-window comes in its own chunk, loaded here: nothing on the way to the first screen needs it (issue 9).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const { registerSW } = await import('virtual:pwa-register')
  update = registerSW({
    immediate: true,
    onNeedRefresh: () => {
      pwaStore.needRefresh = true
    },
    onOfflineReady: () => {
      pwaStore.offlineReady = true
    },
    onRegisterError: (err: unknown) => console.warn('service worker registration failed', err),
  })
}

/** Activates the waiting service worker and reloads the page with the new version. */
export function applyUpdate(): void {
  pwaStore.needRefresh = false
  // workbox-window reloads on 'controlling' only when the page was already controlled when it registered, so on a
  // first visit (clientsClaim took the page over later) Reload would do nothing: reload on the controller change here.
  navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  void update?.(true)
}

/** Hides the prompt; the new version activates on the next start. */
export function dismissUpdate(): void {
  pwaStore.needRefresh = false
}
