/**
 * Site pages by slug (`about`), one Markdown text per locale. A reader gets their language, else English, else any
 * translation that exists.
 */
import { eq, sql } from 'drizzle-orm'
import type { About } from '../../common/api/support'
import { LOCALES, type Locale } from '../../common/constants'
import { formatUtc } from './announcements'
import type { Db } from './client'
import { pages } from './schema'

/** Slugs of the site's pages. */
export const PAGE_SLUGS = ['about'] as const
export type PageSlug = (typeof PAGE_SLUGS)[number]

/** Page `slug` in `locale` (fallback English, then any), or undefined when it has no text at all. */
export async function getPage(db: Db, slug: PageSlug, locale: Locale): Promise<About | undefined> {
  const rows = await db.select().from(pages).where(eq(pages.slug, slug)).orderBy(pages.id)
  const row = rows.find((r) => r.locale === locale) ?? rows.find((r) => r.locale === 'en') ?? rows[0]
  if (!row) return undefined
  const rowLocale = (LOCALES as readonly string[]).includes(row.locale) ? (row.locale as Locale) : 'en'
  return { title: row.title, content: row.content, locale: rowLocale, updated_at: formatUtc(row.updatedAt) }
}

/** Creates or replaces page `slug` in `locale`. */
export async function savePage(
  db: Db,
  slug: PageSlug,
  text: { locale: Locale; title: string; content: string },
): Promise<void> {
  await db
    .insert(pages)
    .values({ slug, locale: text.locale, title: text.title, content: text.content })
    .onConflictDoUpdate({
      target: [pages.slug, pages.locale],
      set: { title: text.title, content: text.content, updatedAt: sql`now()` },
    })
}
