/**
 * Entry loaded by index.html before src/main.tsx: while the app bundle is still being evaluated, starts the first
 * screen's public calls (src/api/early-calls.ts) and the catalog of the language the app starts in.
 */
import { startEarlyCalls } from './api/early-calls'
import { preloadCatalog } from './i18n/catalog-preload'
import { initialLocale } from './state/locale-choice'

startEarlyCalls()
preloadCatalog(initialLocale())
