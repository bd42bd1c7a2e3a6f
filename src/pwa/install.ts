/**
 * The install prompt behind "Download app" (spec §2). Chromium browsers fire `beforeinstallprompt` once, soon after
 * load, and the browser's install dialog can only be opened later with that very event, from a user gesture; so
 * main.tsx imports this module before the first render and it keeps the event. iOS has no such event (every iOS
 * browser is WebKit: Share → Add to Home Screen), and an app already opened from the home screen needs nothing.
 */
import { proxy } from 'valtio'

/** The non-standard event Chromium fires when the app is installable (WICG manifest-incubations). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>
}

export interface InstallState {
  /** A kept `beforeinstallprompt` event can open the browser's install dialog. */
  canPrompt: boolean
  /** Running from the home screen (display-mode standalone), or installed during this visit. */
  installed: boolean
}

export const installStore = proxy<InstallState>({ canPrompt: false, installed: false })

/** What "Download app" does here: nothing to do, the browser's dialog, the iOS steps, or the generic steps. */
export type InstallPath = 'installed' | 'prompt' | 'ios' | 'manual'

/** Picks the install path; `installed` wins, then a kept prompt, then iOS. */
export function installPath(env: { installed: boolean; canPrompt: boolean; ios: boolean }): InstallPath {
  if (env.installed) return 'installed'
  if (env.canPrompt) return 'prompt'
  return env.ios ? 'ios' : 'manual'
}

/**
 * True on iPhone, iPod and iPad. iPadOS 13+ says "Macintosh" in its user agent, so a Mac-looking device with a
 * touch screen counts as an iPad (no Mac has one).
 */
export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
}

/** True when the page runs as an installed app: display-mode standalone, or iOS's `navigator.standalone`. */
export function isStandalone(win: Pick<Window, 'matchMedia' | 'navigator'>): boolean {
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true
  return iosStandalone || win.matchMedia?.('(display-mode: standalone)').matches === true
}

let kept: BeforeInstallPromptEvent | null = null

/**
 * Starts listening on `win`: keeps `beforeinstallprompt` (and stops Chromium's own mini-infobar, the app offers the
 * install in "Download app") and marks the app installed on `appinstalled`. Returns a function that stops listening.
 */
export function captureInstallPrompt(win: Window): () => void {
  installStore.installed = isStandalone(win)
  const onPrompt = (e: Event) => {
    e.preventDefault()
    kept = e as BeforeInstallPromptEvent
    installStore.canPrompt = true
  }
  const onInstalled = () => {
    kept = null
    installStore.canPrompt = false
    installStore.installed = true
  }
  win.addEventListener('beforeinstallprompt', onPrompt)
  win.addEventListener('appinstalled', onInstalled)
  return () => {
    win.removeEventListener('beforeinstallprompt', onPrompt)
    win.removeEventListener('appinstalled', onInstalled)
  }
}

/**
 * Opens the browser's install dialog with the kept event (call from a tap). An event works once, so it is dropped;
 * Chromium fires a new one if the user dismissed the dialog and the app is still installable.
 * @returns the user's answer, or 'unavailable' when no event was kept
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = kept
  if (!event) return 'unavailable'
  kept = null
  installStore.canPrompt = false
  await event.prompt()
  const { outcome } = await event.userChoice
  if (outcome === 'accepted') installStore.installed = true
  return outcome
}

if (typeof window !== 'undefined') captureInstallPrompt(window)
