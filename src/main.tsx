/**
 * Entry: rem scaling and theme first (no flash), the interface language activated before the first render, then
 * the market engine and the router with its context ({ api, engine, i18n }), the start-up sequence and the service
 * worker.
 */
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { boot } from './boot'
import { startWorkerEngine } from './engine'
import { changeLocale, i18n } from './i18n'
import { whenIdle } from './lib/idle'
import { installRemScaling } from './lib/rem'
import './pwa/install' // keeps the early beforeinstallprompt event for "Download app"
import { addManifestLink } from './pwa/manifest-link'
import { registerServiceWorker } from './pwa/register'
import { createAppRouter } from './router'
import { languageStore } from './state/language'
import { installTheme } from './state/theme-dom'
import './styles/theme.css'
import './styles/base.css'
import './styles/shell.css'
import './styles/layers.css'
import './styles/pages.css'
import './styles/widgets.css'
import './styles/markets.css'
import './styles/home.css'
import './styles/notices.css'

installRemScaling()
installTheme()

/**
 * Activates the chosen interface language, falling back to English when its catalog cannot be fetched (offline
 * before it was cached). No top-level await here: it would turn off the bundler's chunk merging (rolldown disables
 * `chunkOptimization` for a module graph with top-level await) and hold the worker back until the catalog arrives.
 */
async function activateLocale(): Promise<void> {
  try {
    await changeLocale(languageStore.locale)
  } catch {
    await changeLocale('en').catch(() => i18n.activate('en'))
  }
}

// Started at once, so the worker, the config call, the first route's chunks and the catalog all load in parallel.
const router = createAppRouter({ engine: startWorkerEngine() })
const localeReady = activateLocale()
// Route loaders fetch data but do not translate (screens do, at render time): the first route loads beside the
// catalog, and `ready` (the end of the start-up loader) waits for both.
const ready = Promise.all([localeReady, boot(router.options.context, () => router.load())]).then(() => undefined)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
// Mounted once the catalog, the config and the first route are in: the first screen renders with its content at
// once over index.html's splash, so no start-up text is painted to become the largest paint (issue 9: LCP on real
// content).
// A transition: the first screen renders in slices that yield to the page, not as one long task (issue 24 part 10:
// /lever's first render was a 250–300 ms task on a 4× slower CPU).
void ready.then(() => {
  const app = createRoot(root)
  startTransition(() =>
    app.render(
      <StrictMode>
        <App router={router} ready={ready} settled />
      </StrictMode>,
    ),
  )
})

// After the first screen, once the main thread is idle: the service worker's install downloads the whole precache
// (and workbox-window is a chunk of its own), and the manifest link has the browser fetch the manifest and its icon;
// either would otherwise compete with the critical path for a slow network (issue 9: cold first price on Fast 3G,
// bytes to the first price, LCP).
void ready.then(() =>
  whenIdle(() => {
    addManifestLink()
    registerServiceWorker().catch((err: unknown) => console.warn('service worker not registered', err))
  }),
)
