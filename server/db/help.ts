/**
 * Help-center articles: one row per article (its place in the list) and one translation per locale (title and
 * Markdown content). A reader gets their language, else English, else whichever translation exists, the same rule
 * as announcements.
 */
import { asc, eq, inArray } from 'drizzle-orm'
import type { HelpDetail, HelpItem } from '../../common/api/support'
import { LOCALES, type Locale } from '../../common/constants'
import type { Db } from './client'
import { helpArticles, helpTranslations } from './schema'

type TranslationRow = typeof helpTranslations.$inferSelect

/** The translation a reader of `locale` sees. */
export function pickHelpTranslation<T extends { locale: string }>(rows: readonly T[], locale: Locale): T | undefined {
  return rows.find((r) => r.locale === locale) ?? rows.find((r) => r.locale === 'en') ?? rows[0]
}

function localeOf(row: TranslationRow): Locale {
  return (LOCALES as readonly string[]).includes(row.locale) ? (row.locale as Locale) : 'en'
}

async function translationsOf(db: Db, ids: number[]): Promise<Map<number, TranslationRow[]>> {
  const out = new Map<number, TranslationRow[]>()
  if (ids.length === 0) return out
  const rows = await db
    .select()
    .from(helpTranslations)
    .where(inArray(helpTranslations.articleId, ids))
    .orderBy(asc(helpTranslations.id))
  for (const row of rows) out.set(row.articleId, [...(out.get(row.articleId) ?? []), row])
  return out
}

async function articlesInOrder(db: Db) {
  return db.select().from(helpArticles).orderBy(asc(helpArticles.sort), asc(helpArticles.id))
}

/** Every article in list order (`sort`, then age), titled in `locale`. */
export async function listHelp(db: Db, locale: Locale): Promise<HelpItem[]> {
  const articles = await articlesInOrder(db)
  const texts = await translationsOf(
    db,
    articles.map((a) => a.id),
  )
  return articles.flatMap((a) => {
    const t = pickHelpTranslation(texts.get(a.id) ?? [], locale)
    return t ? [{ id: a.id, title: t.title, locale: localeOf(t) }] : []
  })
}

/** One article in `locale`, or undefined when the id is unknown. */
export async function getHelp(db: Db, id: number, locale: Locale): Promise<HelpDetail | undefined> {
  const t = pickHelpTranslation((await translationsOf(db, [id])).get(id) ?? [], locale)
  return t ? { id, title: t.title, content: t.content, locale: localeOf(t) } : undefined
}

/** Every article with its locales and English (or first) title, in list order (operator listing). */
export async function listHelpForOperator(
  db: Db,
): Promise<{ id: number; sort: number; title: string; locales: string[] }[]> {
  const articles = await articlesInOrder(db)
  const texts = await translationsOf(
    db,
    articles.map((a) => a.id),
  )
  return articles.map((a) => {
    const ts = texts.get(a.id) ?? []
    return {
      id: a.id,
      sort: a.sort,
      title: pickHelpTranslation(ts, 'en')?.title ?? '',
      locales: ts.map((t) => t.locale),
    }
  })
}

/** What `saveHelp` writes: without `id` a new article, with `id` that article's text in `locale`. */
export interface HelpText {
  id?: number | undefined
  locale: Locale
  title: string
  content: string
  sort?: number | undefined
}

/**
 * Creates an article (no `id`; `sort` defaults to after the last one) or creates/replaces the `locale` translation of
 * article `id`. Returns the article id, or undefined when `id` is unknown. One transaction: nothing half-written.
 */
export async function saveHelp(db: Db, text: HelpText): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    let id = text.id
    if (id === undefined) {
      const last = await tx.select({ sort: helpArticles.sort }).from(helpArticles).orderBy(asc(helpArticles.sort))
      const sort = text.sort ?? (last.length > 0 ? last[last.length - 1]!.sort + 10 : 10)
      const [row] = await tx.insert(helpArticles).values({ sort }).returning({ id: helpArticles.id })
      id = row!.id
    } else {
      const found = await tx
        .select({ id: helpArticles.id })
        .from(helpArticles)
        .where(eq(helpArticles.id, id))
        .for('update')
      if (found.length === 0) return undefined
      if (text.sort !== undefined) await tx.update(helpArticles).set({ sort: text.sort }).where(eq(helpArticles.id, id))
    }
    await tx
      .insert(helpTranslations)
      .values({ articleId: id, locale: text.locale, title: text.title, content: text.content })
      .onConflictDoUpdate({
        target: [helpTranslations.articleId, helpTranslations.locale],
        set: { title: text.title, content: text.content },
      })
    return id
  })
}

/** Deletes an article with all its translations. Returns false when `id` is unknown. */
export async function deleteHelp(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(helpArticles).where(eq(helpArticles.id, id)).returning({ id: helpArticles.id })
  return rows.length > 0
}
