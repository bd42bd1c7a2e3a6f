/**
 * Starts the download of the start-up language's catalog chunk from src/early.ts, a script of its own that runs while
 * the app bundle is still downloading. A dynamic import in the app only starts once that bundle has been evaluated
 * (Vite's preload wrapper defers it by a microtask), so this adds a modulepreload link for the chunk index.html names
 * (vite.config.ts writes `#catalog-urls`) and the app's `loadMessages` later gets it from the browser's module map.
 * Kept apart from catalogs.ts: the early script is bundled on its own and must not pull in the catalogs' import map.
 */
import type { Locale } from '../../common/constants'

/** Id of the JSON data block in index.html that maps each locale to its catalog chunk's URL. */
export const CATALOG_URLS_ID = 'catalog-urls'

/**
 * Starts fetching `locale`'s catalog chunk at once (a `<link rel="modulepreload">`). Does nothing when index.html has
 * no catalog map (dev server) or no entry for `locale`.
 */
export function preloadCatalog(locale: Locale, doc: Document = document): void {
  let urls: unknown
  try {
    urls = JSON.parse(doc.getElementById(CATALOG_URLS_ID)?.textContent ?? 'null')
  } catch {
    return
  }
  const href: unknown = urls && typeof urls === 'object' ? (urls as Record<string, unknown>)[locale] : undefined
  // Only a path on this origin (not "//host/…"): the map is ours, but the page must not load code from elsewhere.
  if (typeof href !== 'string' || !href.startsWith('/') || href.startsWith('//')) return
  const link = doc.createElement('link')
  link.rel = 'modulepreload'
  // As Vite's own module links: the import() that follows must match this request to reuse it.
  link.crossOrigin = ''
  link.href = href
  doc.head.append(link)
}
