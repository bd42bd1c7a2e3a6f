/**
 * One locale's compiled catalog (locales/{locale}/messages.po, a chunk of its own per locale): loading it, and
 * preloading it from src/early.ts before the app bundle evaluates. A dynamic import here only starts once that
 * evaluation is over (Vite's preload wrapper defers it by a microtask), so the early path adds a modulepreload link
 * for the chunk index.html names (vite.config.ts writes `#catalog-urls`), and `loadMessages` later gets it from the
 * browser's module map without a second round trip.
 */
import type { Messages } from '@lingui/core'
import type { Locale } from '../../common/constants'

/** The messages of `locale`. Rejects when its chunk cannot be loaded (offline before it was cached). */
export async function loadMessages(locale: Locale): Promise<Messages> {
  // A template import has no static type; the shape is the one po.d.ts declares for every catalog.
  const catalog = (await import(`../../locales/${locale}/messages.po`)) as { messages: Messages }
  return catalog.messages
}

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
