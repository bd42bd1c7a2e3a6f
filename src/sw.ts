/// <reference lib="webworker" />
/**
 * The service worker (vite-plugin-pwa `injectManifest`, vite.config.ts; built alone into dist/sw.js). The caching is
 * what the plugin's `generateSW` wrote before (issue 24 part 6 moved to this source to add Web Push), in the same
 * order:
 * - the update handshake of registerType 'prompt': a new version waits until the page's Reload sends
 *   `{type: 'SKIP_WAITING'}` (workbox-window `messageSkipWaiting`, src/pwa/register.ts);
 * - `clientsClaim`: the first visit's page is taken over as soon as the first worker activates (a first install never
 *   waits); the page keeps the market list itself too (src/features/markets/saved-markets.ts), as that visit's
 *   answers were fetched before any worker was in control;
 * - the app shell precached (the build's manifest injected at `self.__WB_MANIFEST`), outdated precaches removed, and
 *   every navigation but /api/ answered with index.html;
 * - the only /api/ answers the worker may keep (DESIGN §6), network-first with a 4 s timeout, 200s only.
 *
 * Then the push handlers: src/pwa/push-handler.ts.
 */
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { openFromNotification, showPush } from './pwa/push-handler'

declare const self: ServiceWorkerGlobalScope

/** The public /api/ calls kept for offline starts. */
const PUBLIC_API = /^\/api\/(common\/config|common\/get_lang|area_code\/get_area_code|currency\/currency_list)$/

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})
clientsClaim()

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }))

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && PUBLIC_API.test(url.pathname),
  new NetworkFirst({
    cacheName: 'api-public',
    networkTimeoutSeconds: 4,
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
  'GET',
)

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(self.registration, event.data))
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  event.waitUntil(openFromNotification(self.clients, event.notification.data, self.location.origin))
})
