/**
 * Announcements per language: each has one translation row per locale; a reader gets their language, else English,
 * else whichever translation exists. Lists are pinned first, newest first. Content is Markdown (plain paragraphs
 * split by blank lines are valid Markdown), rendered and sanitized by the app.
 */
import { count, desc, eq, inArray } from 'drizzle-orm'
import type { Locale } from '../../common/constants'
import type { AnnouncementInfo, AnnouncementList } from '../../common/api/public'
import type { AnnouncementText } from '../content/welcome-announcement'
import type { Db } from './client'
import { announcementTranslations, announcements } from './schema'

type TranslationRow = typeof announcementTranslations.$inferSelect

/** `YYYY-MM-DD HH:mm:ss` in UTC (spec §9 date format). */
export function formatUtc(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ')
}

/** A page of announcements in `locale`. `page` is 1-based. */
export async function listAnnouncements(
  db: Db,
  q: { locale: Locale; page: number; limit: number },
): Promise<AnnouncementList> {
  const [total] = await db.select({ n: count() }).from(announcements)
  const rows = await db
    .select()
    .from(announcements)
    .orderBy(desc(announcements.pinned), desc(announcements.createdAt), desc(announcements.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
  const texts = await translationsOf(
    db,
    rows.map((r) => r.id),
  )
  const list = rows.flatMap((r) => {
    const t = pickTranslation(texts.get(r.id) ?? [], q.locale)
    return t
      ? [{ id: r.id, title: t.title, summary: t.summary, pinned: r.pinned, created_at: formatUtc(r.createdAt) }]
      : []
  })
  return { list, total: total?.n ?? 0, page: q.page, limit: q.limit }
}

/** One announcement in `locale`, or undefined when the id is unknown. */
export async function getAnnouncement(db: Db, id: number, locale: Locale): Promise<AnnouncementInfo | undefined> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id))
  if (!row) return undefined
  const t = pickTranslation((await translationsOf(db, [id])).get(id) ?? [], locale)
  if (!t) return undefined
  return {
    id: row.id,
    title: t.title,
    summary: t.summary,
    content: t.content,
    pinned: row.pinned,
    created_at: formatUtc(row.createdAt),
  }
}

/**
 * Adds an announcement with its translations (at least one). Returns the new id.
 * @throws Error when no translation is given.
 */
export async function addAnnouncement(
  db: Db,
  a: { pinned?: boolean; translations: Partial<Record<Locale, AnnouncementText>> },
): Promise<number> {
  const entries = Object.entries(a.translations) as [Locale, AnnouncementText][]
  if (entries.length === 0) throw new Error('an announcement needs at least one translation')
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({ pinned: a.pinned ?? false })
      .returning({ id: announcements.id })
    if (!row) throw new Error('insert returned no row')
    await tx
      .insert(announcementTranslations)
      .values(entries.map(([locale, t]) => ({ announcementId: row.id, locale, ...t })))
    return row.id
  })
}

/** What `saveAnnouncement` writes: without `id` a new announcement, with `id` its text in `locale`. */
export interface AnnouncementSave extends AnnouncementText {
  id?: number | undefined
  locale: Locale
  /** Sets the pin when given; a new announcement is unpinned by default. */
  pinned?: boolean | undefined
}

/**
 * Creates an announcement with one translation (no `id`), or creates/replaces the `locale` translation of
 * announcement `id` (and its pin when given). Returns the id, or undefined when `id` is unknown. One transaction.
 */
export async function saveAnnouncement(db: Db, a: AnnouncementSave): Promise<number | undefined> {
  const text = { title: a.title, summary: a.summary, content: a.content }
  if (a.id === undefined) return addAnnouncement(db, { pinned: a.pinned ?? false, translations: { [a.locale]: text } })
  const id = a.id
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: announcements.id })
      .from(announcements)
      .where(eq(announcements.id, id))
      .for('update')
    if (found.length === 0) return undefined
    if (a.pinned !== undefined) await tx.update(announcements).set({ pinned: a.pinned }).where(eq(announcements.id, id))
    await tx
      .insert(announcementTranslations)
      .values({ announcementId: id, locale: a.locale, ...text })
      .onConflictDoUpdate({
        target: [announcementTranslations.announcementId, announcementTranslations.locale],
        set: text,
      })
    return id
  })
}

/** Deletes an announcement with all its translations. Returns false when `id` is unknown. */
export async function deleteAnnouncement(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(announcements).where(eq(announcements.id, id)).returning({ id: announcements.id })
  return rows.length > 0
}

/** Every announcement with the locales it is written in (operator listing), newest first. */
export async function listAnnouncementLocales(
  db: Db,
): Promise<{ id: number; pinned: boolean; created_at: string; title: string; locales: string[] }[]> {
  const rows = await db.select().from(announcements).orderBy(desc(announcements.pinned), desc(announcements.createdAt))
  const texts = await translationsOf(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => {
    const ts = texts.get(r.id) ?? []
    return {
      id: r.id,
      pinned: r.pinned,
      created_at: formatUtc(r.createdAt),
      title: pickTranslation(ts, 'en')?.title ?? '',
      locales: ts.map((t) => t.locale),
    }
  })
}

async function translationsOf(db: Db, ids: number[]): Promise<Map<number, TranslationRow[]>> {
  const out = new Map<number, TranslationRow[]>()
  if (ids.length === 0) return out
  const rows = await db
    .select()
    .from(announcementTranslations)
    .where(inArray(announcementTranslations.announcementId, ids))
    .orderBy(announcementTranslations.id)
  for (const row of rows) out.set(row.announcementId, [...(out.get(row.announcementId) ?? []), row])
  return out
}

function pickTranslation(rows: TranslationRow[], locale: Locale): TranslationRow | undefined {
  return rows.find((r) => r.locale === locale) ?? rows.find((r) => r.locale === 'en') ?? rows[0]
}
