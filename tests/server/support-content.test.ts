/**
 * Help center, about page, announcements and settings as readers and operators use them: seeded content in every
 * language, the English fallback, operator edits (which a later start's seeding keeps), and operator-only calls
 * refused to users (403) and to anonymous callers (401).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCALES } from '../../common/constants'
import { ABOUT_PAGE } from '../../server/content/about-page'
import { HELP_ARTICLES } from '../../server/content/help/index'
import { and, count, eq } from 'drizzle-orm'
import { WELCOME_ANNOUNCEMENT, WELCOME_FIRST_CLOSING } from '../../server/content/welcome-announcement'
import { addAnnouncement } from '../../server/db/announcements'
import { announcements, announcementTranslations, helpArticles, pages, settings } from '../../server/db/schema'
import { seedDatabase } from '../../server/db/seed'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { pgliteApp } from '../helpers/server-app'
import { call, makeUser, type TestUser } from './support-fixtures'

const fx = pgliteApp()
let operator: TestUser
let user: TestUser
beforeAll(async () => {
  operator = await makeUser(fx.database.db, 'operator')
  user = await makeUser(fx.database.db)
})

type HelpItem = { id: number; title: string; locale: string }
const helpList = async (lang: string) => (await call<HelpItem[]>(fx.t.app, 'GET', 'help/list', { lang })).body.data
const helpDetail = (id: number, lang: string) =>
  call<HelpItem & { content: string }>(fx.t.app, 'GET', 'help/detail', { lang, query: { id } })
const about = (lang: string) =>
  call<{ title: string; content: string; locale: string; updated_at: string }>(fx.t.app, 'GET', 'common/about', {
    lang,
  })
const asOperator = (path: string, body: unknown) =>
  call<{ id: number }>(fx.t.app, 'POST', path, { token: operator.token, body })

describe('help center', () => {
  it('lists the seeded articles in every language, in order, with Markdown detail', async () => {
    for (const locale of LOCALES) {
      const list = await helpList(locale)
      expect(
        list.map((a) => a.title),
        locale,
      ).toEqual(HELP_ARTICLES.map((a) => a[locale].title))
      expect(list.every((a) => a.locale === locale)).toBe(true)
    }
    const [first] = await helpList('ja-JP')
    const d = await helpDetail(first!.id, 'ja-JP')
    expect(d.body.data).toMatchObject({ id: first!.id, locale: 'ja', content: HELP_ARTICLES[0]!.ja.content })
    expect(d.body.data.content).toMatch(/^## /m)
  })

  it('falls back to English for a language an article lacks, and says so', async () => {
    const created = await asOperator('admin/help_save', {
      locale: 'en',
      title: 'Only English',
      content: '**Bold** text',
    })
    expect(created.body.code).toBe(1)
    const id = created.body.data.id
    const ko = (await helpList('ko')).find((a) => a.id === id)
    expect(ko).toEqual({ id, title: 'Only English', locale: 'en' })
    expect((await helpDetail(id, 'ko')).body.data).toMatchObject({
      title: 'Only English',
      content: '**Bold** text',
      locale: 'en',
    })
    // Adding Korean makes Korean readers see Korean, and English readers still English.
    await asOperator('admin/help_save', { id, locale: 'ko', title: '한국어만', content: '내용' })
    expect((await helpDetail(id, 'ko-KR')).body.data).toMatchObject({ title: '한국어만', locale: 'ko' })
    expect((await helpDetail(id, 'en')).body.data).toMatchObject({ title: 'Only English', locale: 'en' })
    // Saving the same language again replaces it.
    await asOperator('admin/help_save', { id, locale: 'en', title: 'English, edited', content: 'new', sort: -5 })
    const list = await helpList('en')
    expect(list[0]).toMatchObject({ id, title: 'English, edited' })
  })

  it('deletes an article in every language; unknown ids answer not found', async () => {
    const { id } = (await asOperator('admin/help_save', { locale: 'es', title: 'Borrar', content: 'x' })).body.data
    expect((await asOperator('admin/help_delete', { id })).body.code).toBe(1)
    expect((await helpDetail(id, 'es')).body).toMatchObject({ code: 404, msg: 'No se encontró el artículo de ayuda' })
    expect((await asOperator('admin/help_delete', { id })).body.code).toBe(404)
    expect((await asOperator('admin/help_save', { id, locale: 'en', title: 't', content: 'c' })).body.code).toBe(404)
    expect((await helpList('es')).some((a) => a.id === id)).toBe(false)
  })

  it('refuses empty titles, unknown locales and missing content, naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ locale: 'en', title: ' ', content: 'c' }, 'title'],
      [{ locale: 'fr', title: 't', content: 'c' }, 'locale'],
      [{ locale: 'en', title: 't' }, 'content'],
      [{ locale: 'en', title: 't', content: 'c', id: 0 }, 'id'],
    ]
    for (const [body, field] of cases) {
      expect((await asOperator('admin/help_save', body)).body, JSON.stringify(body)).toMatchObject({
        code: 422,
        data: { field },
      })
    }
  })
})

describe('about us', () => {
  it('answers the seeded page in the request language, English when it is not written in it', async () => {
    for (const locale of LOCALES) {
      expect((await about(locale)).body.data).toMatchObject({ ...ABOUT_PAGE[locale], locale })
    }
    expect((await about('fr-FR')).body.data).toMatchObject({ title: ABOUT_PAGE.en.title, locale: 'en' })
  })

  it('operators replace one language; the others stay', async () => {
    const res = await asOperator('admin/about_save', {
      locale: 'vi',
      title: 'Giới thiệu',
      content: '# Mới\n\nNội dung',
    })
    expect(res.body.code).toBe(1)
    const vi = (await about('vi')).body.data
    expect(vi).toMatchObject({ title: 'Giới thiệu', content: '# Mới\n\nNội dung', locale: 'vi' })
    expect(vi.updated_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect((await about('pt')).body.data.title).toBe(ABOUT_PAGE.pt.title)
  })

  it('a later start does not bring back seeded content an operator changed or deleted', async () => {
    const articles = await helpList('en')
    await asOperator('admin/help_delete', { id: articles.find((a) => a.title === HELP_ARTICLES[3]!.en.title)!.id })
    await seedDatabase(fx.database.db)
    await seedDatabase(fx.database.db)
    expect((await helpList('en')).some((a) => a.title === HELP_ARTICLES[3]!.en.title)).toBe(false)
    expect((await helpList('en')).filter((a) => a.title === HELP_ARTICLES[0]!.en.title)).toHaveLength(1)
    expect((await about('vi')).body.data.title).toBe('Giới thiệu')
  })
})

describe('seeding a database from before the help center', () => {
  it('adds the help articles and the about page once, and not the welcome announcement again', async () => {
    const database = await pgliteTestDb({ seed: false })
    try {
      const db = database.db
      // What a version-1 database holds: the marker, and no welcome (an operator deleted it).
      await db.insert(settings).values({ key: 'seed_version', value: '1' })
      await seedDatabase(db)
      await seedDatabase(db)
      const n = async (t: typeof helpArticles | typeof pages | typeof announcements) =>
        (await db.select({ n: count() }).from(t))[0]?.n
      expect(await n(helpArticles)).toBe(HELP_ARTICLES.length)
      expect(await n(pages)).toBe(LOCALES.length)
      expect(await n(announcements)).toBe(0)
    } finally {
      await database.close()
    }
  })
})

describe('seeding a database whose welcome says trading is coming soon', () => {
  it('replaces that closing sentence in the languages left as written, and leaves an edited one alone', async () => {
    const database = await pgliteTestDb({ seed: false })
    try {
      const db = database.db
      // A version-2 database: the welcome as first written (its closing sentence then), Japanese edited by an operator.
      const first = Object.fromEntries(
        LOCALES.map((l) => {
          const t = WELCOME_ANNOUNCEMENT[l]
          const { was, now } = WELCOME_FIRST_CLOSING[l]
          return [l, { ...t, content: l === 'ja' ? '運営による独自の文面です。' : t.content.replace(now, was) }]
        }),
      )
      expect(first.en!.content).toContain('coming soon')
      const id = await addAnnouncement(db, { pinned: true, translations: first })
      await db.insert(settings).values({ key: 'seed_version', value: '2' })
      await seedDatabase(db)
      await seedDatabase(db)
      const rows = await db
        .select({ locale: announcementTranslations.locale, content: announcementTranslations.content })
        .from(announcementTranslations)
        .where(eq(announcementTranslations.announcementId, id))
      const content = Object.fromEntries(rows.map((r) => [r.locale, r.content]))
      for (const l of LOCALES.filter((l) => l !== 'ja')) expect(content[l], l).toBe(WELCOME_ANNOUNCEMENT[l].content)
      expect(content.en).not.toContain('coming soon')
      expect(content.ja).toBe('運営による独自の文面です。')
      expect((await db.select({ n: count() }).from(announcements))[0]?.n).toBe(1)
      // Version 2 had written the help articles (deleted here by an operator): not written again.
      expect((await db.select({ n: count() }).from(helpArticles))[0]?.n).toBe(0)
    } finally {
      await database.close()
    }
  })
})

await describePostgres('the welcome rewrite', (open) => {
  it('rewrites the closing sentence once when two starts seed a version-2 database at once', async () => {
    const database = await open()
    try {
      const db = database.db
      // Back to version 2: the seeded welcome with its first closing sentence, no seed stamp (so seeding runs).
      const [welcome] = await db
        .select({ id: announcements.id })
        .from(announcements)
        .where(eq(announcements.pinned, true))
      for (const l of LOCALES) {
        const { was, now } = WELCOME_FIRST_CLOSING[l]
        await db
          .update(announcementTranslations)
          .set({ content: WELCOME_ANNOUNCEMENT[l].content.replace(now, was) })
          .where(and(eq(announcementTranslations.announcementId, welcome!.id), eq(announcementTranslations.locale, l)))
      }
      await db.update(settings).set({ value: '2' }).where(eq(settings.key, 'seed_version'))
      await db.delete(settings).where(eq(settings.key, 'seed_stamp'))
      const helpBefore = (await db.select({ n: count() }).from(helpArticles))[0]?.n
      // Two first starts at once (two pool connections): the version row's lock lets one rewrite, the other find 3.
      await Promise.all([seedDatabase(db), seedDatabase(db)])
      const rows = await db
        .select({ locale: announcementTranslations.locale, content: announcementTranslations.content })
        .from(announcementTranslations)
        .where(eq(announcementTranslations.announcementId, welcome!.id))
      for (const r of rows)
        expect(r.content, r.locale).toBe(WELCOME_ANNOUNCEMENT[r.locale as (typeof LOCALES)[number]].content)
      expect(rows).toHaveLength(LOCALES.length)
      expect((await db.select({ n: count() }).from(helpArticles))[0]?.n).toBe(helpBefore)
      expect((await db.select({ n: count() }).from(announcements))[0]?.n).toBe(1)
    } finally {
      await database.close()
    }
  })
})

describe('announcements by operators', () => {
  type Ann = { id: number; title: string; pinned: boolean; content: string }
  const info = (id: number, lang = 'en') =>
    call<Ann>(fx.t.app, 'GET', 'common/get_announcement_info', { lang, query: { id } })
  const listTitles = async (lang = 'en') =>
    (await call<{ list: Ann[] }>(fx.t.app, 'GET', 'common/get_announcement', { lang, query: { limit: 50 } })).body.data
      .list

  it('creates, translates, pins, edits and deletes an announcement', async () => {
    const created = await asOperator('admin/announcement_save', {
      locale: 'en',
      title: 'Maintenance',
      summary: 'Short break',
      content: '## When\n\nSunday 02:00 UTC',
    })
    const id = created.body.data.id
    expect((await info(id)).body.data).toMatchObject({
      title: 'Maintenance',
      pinned: false,
      content: '## When\n\nSunday 02:00 UTC',
    })
    await asOperator('admin/announcement_save', {
      id,
      locale: 'hi',
      title: 'रखरखाव',
      summary: 'छोटा विराम',
      content: 'रविवार',
      pinned: true,
    })
    expect((await info(id, 'hi')).body.data).toMatchObject({ title: 'रखरखाव', pinned: true })
    expect((await listTitles('hi'))[0]).toMatchObject({ id })
    await asOperator('admin/announcement_save', {
      id,
      locale: 'en',
      title: 'Maintenance (moved)',
      summary: 's',
      content: 'Monday',
    })
    expect((await info(id)).body.data).toMatchObject({ title: 'Maintenance (moved)', content: 'Monday', pinned: true })
    expect((await asOperator('admin/announcement_delete', { id })).body.code).toBe(1)
    expect((await info(id)).body.code).toBe(404)
    expect((await listTitles()).some((a) => a.id === id)).toBe(false)
    expect((await asOperator('admin/announcement_delete', { id })).body.code).toBe(404)
    expect(
      (await asOperator('admin/announcement_save', { id, locale: 'en', title: 't', summary: 's', content: 'c' })).body
        .code,
    ).toBe(404)
  })
})

describe('settings by operators', () => {
  it('reads and writes settings through their rules; common/config follows', async () => {
    const read = await call<Record<string, string>>(fx.t.app, 'GET', 'admin/config', { token: operator.token })
    expect(read.body.data).toEqual({
      web_maintain: '1',
      customer_url: '',
      site_name: 'TC Market',
      invite_required: '0',
    })
    const set = await asOperator('admin/config_set', { key: 'customer_url', value: 'https://t.me/tc_support' })
    expect(set.body).toMatchObject({ code: 1, data: { key: 'customer_url', value: 'https://t.me/tc_support' } })
    const config = await call<{ customer_url: string }>(fx.t.app, 'GET', 'common/config')
    expect(config.body.data.customer_url).toBe('https://t.me/tc_support')
    const bad = await call(fx.t.app, 'POST', 'admin/config_set', {
      token: operator.token,
      lang: 'zh-TW',
      body: { key: 'customer_url', value: 'javascript:alert(1)' },
    })
    expect(bad.body).toMatchObject({ code: 422, msg: '此設定不接受這個值', data: { field: 'value' } })
    expect((await asOperator('admin/config_set', { key: 'role', value: 'x' })).body).toMatchObject({
      code: 422,
      data: { field: 'key' },
    })
    const after = await call<Record<string, string>>(fx.t.app, 'GET', 'admin/config', { token: operator.token })
    expect(after.body.data.customer_url).toBe('https://t.me/tc_support')
  })
})

describe('operator calls refuse everyone else', () => {
  const OPERATOR_CALLS = [
    ['GET', 'admin/feedback_list'],
    ['POST', 'admin/feedback_reply'],
    ['POST', 'admin/help_save'],
    ['POST', 'admin/help_delete'],
    ['POST', 'admin/about_save'],
    ['POST', 'admin/announcement_save'],
    ['POST', 'admin/announcement_delete'],
    ['GET', 'admin/config'],
    ['POST', 'admin/config_set'],
  ] as const
  const body = {
    id: 1,
    locale: 'en',
    title: 'Hacked',
    summary: 's',
    content: 'Hacked',
    reply: 'x',
    key: 'web_maintain',
    value: '0',
  }

  it('answers 401 without a session and 403 to a user, changing nothing', async () => {
    for (const [method, path] of OPERATOR_CALLS) {
      const anon = await call(fx.t.app, method, path, { body })
      expect(anon.status, path).toBe(401)
      expect(anon.body).toMatchObject({ code: 401, data: null })
      const asUser = await call(fx.t.app, method, path, { token: user.token, body })
      expect(asUser.status, path).toBe(403)
      expect(asUser.body).toMatchObject({ code: 403, data: null })
    }
    expect((await call<{ web_maintain: number }>(fx.t.app, 'GET', 'common/config')).body.data.web_maintain).toBe(1)
    expect((await about('en')).body.data.title).toBe(ABOUT_PAGE.en.title)
    expect((await helpList('en')).some((a) => a.title === 'Hacked')).toBe(false)
  })

  it('the operator calls are in the OpenAPI document marked operator-only', async () => {
    const doc = (await fx.t.app.inject({ url: '/api/docs' })).json<{
      paths: Record<string, Record<string, { 'x-role'?: string }>>
    }>()
    for (const [method, path] of OPERATOR_CALLS) {
      expect(doc.paths[`/api/${path}`]?.[method.toLowerCase()]?.['x-role'], path).toBe('operator')
    }
    expect(doc.paths['/api/feedback/submit']?.post?.['x-role']).toBe('user')
    expect(doc.paths['/api/help/list']?.get).toBeDefined()
  })
})
