/**
 * The early script: while the app bundle is still downloading, starts the first screen's public calls
 * (src/api/early-calls.ts) and the catalog of the language the app starts in. Not imported by the app: the build
 * emits it as a file of its own that index.html loads `async` (vite.config.ts `earlyScript`); the dev server loads
 * it as a module.
 */
import { startEarlyCalls } from './api/early-calls'
import { preloadCatalog } from './i18n/catalog-preload'
import { initialLocale } from './state/locale-choice'

startEarlyCalls()
preloadCatalog(initialLocale())
