/**
 * Entry: rem scaling and theme first (no flash), the interface language activated before the first render, then
 * the market engine and the router with its context ({ api, engine, i18n }), the start-up sequence and the service
 * worker.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { boot } from './boot'
import { startWorkerEngine } from './engine'
import { changeLocale, i18n } from './i18n'
import { installRemScaling } from './lib/rem'
import './pwa/install' // keeps the early beforeinstallprompt event for "Download app"
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
import './styles/identity.css'
import './styles/support.css'
import './styles/auth.css'
import './styles/user-center.css'

installRemScaling()
installTheme()

try {
  await changeLocale(languageStore.locale)
} catch {
  // The chosen catalog could not be fetched (offline before it was cached): fall back to English.
  await changeLocale('en').catch(() => i18n.activate('en'))
}

// Started before the first route loads, so the worker boots in parallel with the config call.
const router = createAppRouter({ engine: startWorkerEngine() })
const ready = boot(router.options.context, () => router.load())

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <App router={router} ready={ready} />
  </StrictMode>,
)

registerServiceWorker()
