/**
 * The public API checks, run once on PGlite and once on PostgreSQL (tests/server/api-*.test.ts): each route's
 * shape and content as the app would read it, pagination and language, and input errors naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  announcementInfoSchema,
  announcementListSchema,
  areaCodeItemSchema,
  configSchema,
  marketItemSchema,
} from '../../common/api/public'
import { LANGUAGES } from '../../common/locales'
import { LOCALES } from '../../common/constants'
import { addAnnouncement } from '../../server/db/announcements'
import type { Database } from '../../server/db/client'
import { addMissingListings } from '../../server/db/markets'
import { WELCOME_ANNOUNCEMENT } from '../../server/content/welcome-announcement'
import { getJson, testApp, type TestApp } from './server-app'
import { CATALOG_LISTINGS, fakeMarket } from './server-fake-market'

type Env<T> = { code: number; msg: string; data: T }

/** Registers the suite; `open` gives a migrated, seeded, empty-of-tests database. */
export function describeApi(label: string, open: () => Promise<Database>): void {
  describe(`public API on ${label}`, () => {
    let database: Database
    let t: TestApp
    beforeAll(async () => {
      database = await open()
      t = await testApp({ db: database.db, marketPublicPort: 9443 })
    })
    afterAll(async () => {
      await t?.app.close()
      await database?.close()
    })

    it('common/config tells the source, that it is not live, and the public feed port', async () => {
      const { status, body, headers } = await getJson<Env<unknown>>(t.app, '/api/common/config')
      expect(status).toBe(200)
      // Served from memory: revalidated by its strong ETag rather than never stored (server/cache).
      expect(headers['cache-control']).toBe('no-cache')
      expect(headers.etag).toMatch(/^"[\w-]{27}"$/)
      expect(body.code).toBe(1)
      const config = configSchema.parse(body.data)
      expect(config).toMatchObject({ web_maintain: 1, market_source: 'sim', market_live: false, market_port: 9443 })
      expect(config.site_name).toBe('TC Market')
      expect(Math.abs(config.server_time - Date.now())).toBeLessThan(60_000)
    })

    it('answers success in the request language', async () => {
      expect((await getJson(t.app, '/api/common/get_lang', 'zh-CN,zh;q=0.9')).body.msg).toBe('成功')
      expect((await getJson(t.app, '/api/common/get_lang', 'es-MX')).body.msg).toBe('éxito')
      expect((await getJson(t.app, '/api/common/get_lang')).body.msg).toBe('success')
    })

    it('common/get_lang lists the ten languages', async () => {
      const { body } = await getJson<Env<unknown[]>>(t.app, '/api/common/get_lang')
      expect(body.data).toEqual(LANGUAGES)
      expect(body.data.map((l) => (l as { value: string }).value)).toEqual([...LOCALES])
    })

    it('area codes cover every country code with names in the request language, sorted by name', async () => {
      const en = z
        .array(areaCodeItemSchema)
        .parse((await getJson<Env<unknown>>(t.app, '/api/area_code/get_area_code')).body.data)
      expect(en.length).toBeGreaterThan(240)
      expect(en).toContainEqual({ name: 'China', area_code: '86', iso: 'CN' })
      expect(en).toContainEqual({ name: 'India', area_code: '91', iso: 'IN' })
      expect(en.filter((i) => i.area_code === '1').map((i) => i.iso)).toEqual(expect.arrayContaining(['US', 'CA']))
      expect(en.filter((i) => i.iso === 'XK').length).toBeGreaterThan(1) // several codes → several items
      const collator = new Intl.Collator('en')
      expect(en.every((item, i) => i === 0 || collator.compare(en[i - 1]!.name, item.name) <= 0)).toBe(true)

      const zh = z
        .array(areaCodeItemSchema)
        .parse((await getJson<Env<unknown>>(t.app, '/api/area_code/get_area_code', 'zh-CN')).body.data)
      expect(zh.find((i) => i.iso === 'CN')?.name).toBe('中国')
      expect(zh.find((i) => i.iso === 'IN')?.name).toBe('印度')
      const tw = (await getJson<Env<{ iso: string; name: string }[]>>(t.app, '/api/area_code/get_area_code', 'zh-TW'))
        .body.data
      expect(tw.find((i) => i.iso === 'CN')?.name).toBe('中國')
      const hi = (await getJson<Env<{ iso: string; name: string }[]>>(t.app, '/api/area_code/get_area_code', 'hi')).body
        .data
      expect(hi.find((i) => i.iso === 'IN')?.name).toBe('भारत')
      expect(hi).toHaveLength(en.length)
    })

    it('the welcome announcement is there in every language, and its detail has the content', async () => {
      for (const locale of LOCALES) {
        const list = announcementListSchema.parse(
          (await getJson<Env<unknown>>(t.app, '/api/common/get_announcement', locale)).body.data,
        )
        const welcome = list.list.find((a) => a.title === WELCOME_ANNOUNCEMENT[locale].title)
        expect(welcome, locale).toBeDefined()
        expect(welcome?.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
        const info = await getJson<Env<unknown>>(t.app, `/api/common/get_announcement_info?id=${welcome!.id}`, locale)
        expect(announcementInfoSchema.parse(info.body.data).content).toBe(WELCOME_ANNOUNCEMENT[locale].content)
      }
    })

    it('pages announcements pinned first then newest first, falling back to English', async () => {
      for (let i = 1; i <= 12; i++) {
        await addAnnouncement(database.db, { translations: { en: { title: `News ${i}`, summary: 's', content: 'c' } } })
      }
      await addAnnouncement(database.db, {
        translations: {
          en: { title: 'Maintenance', summary: 's', content: 'c' },
          ko: { title: '점검 안내', summary: 's', content: 'c' },
        },
      })
      const page = async (n: number, limit: number, lang = 'en') =>
        announcementListSchema.parse(
          (await getJson<Env<unknown>>(t.app, `/api/common/get_announcement?page=${n}&limit=${limit}`, lang)).body.data,
        )
      const first = await page(1, 5)
      expect(first.total).toBe(14)
      expect(first.list.map((a) => a.title)).toEqual([
        WELCOME_ANNOUNCEMENT.en.title,
        'Maintenance',
        'News 12',
        'News 11',
        'News 10',
      ])
      expect((await page(3, 5)).list.map((a) => a.title)).toEqual(['News 4', 'News 3', 'News 2', 'News 1'])
      expect((await page(4, 5)).list).toEqual([])
      const ko = await page(1, 3, 'ko-KR')
      expect(ko.list.map((a) => a.title)).toEqual([WELCOME_ANNOUNCEMENT.ko.title, '점검 안내', 'News 12'])
      const defaults = (await getJson<Env<{ page: number; limit: number }>>(t.app, '/api/common/get_announcement')).body
        .data
      expect(defaults).toMatchObject({ page: 1, limit: 10 })
    })

    it('rejects bad paging and ids with an error naming the field', async () => {
      const cases: [string, string][] = [
        ['/api/common/get_announcement?page=0', 'page'],
        ['/api/common/get_announcement?limit=51', 'limit'],
        ['/api/common/get_announcement?page=abc', 'page'],
        ['/api/common/get_announcement_info', 'id'],
        ['/api/common/get_announcement_info?id=x', 'id'],
        ['/api/currency/currency_list?category=bonds', 'category'],
      ]
      for (const [url, field] of cases) {
        const { status, body } = await getJson<Env<{ field: string; issues: unknown[] }>>(t.app, url)
        expect(status, url).toBe(200)
        expect(body.code, url).toBe(422)
        expect(body.msg, url).toMatch(new RegExp(`^${field}: \\S`))
        expect(body.data.field, url).toBe(field)
      }
      const zh = await getJson(t.app, '/api/common/get_announcement?page=0', 'zh-CN')
      expect(zh.body.msg).toMatch(/^page: .*[过小]/)
    })

    it('an unknown announcement id answers 404 with a translated message', async () => {
      const en = await getJson(t.app, '/api/common/get_announcement_info?id=999999')
      expect(en.body).toEqual({ code: 404, msg: 'Announcement not found', data: null })
      expect((await getJson(t.app, '/api/common/get_announcement_info?id=999999', 'zh-CN')).body.msg).toBe('公告不存在')
    })

    it('currency_list lists what the source quotes, in sort order, by category', async () => {
      const all = z
        .array(marketItemSchema)
        .parse((await getJson<Env<unknown>>(t.app, '/api/currency/currency_list')).body.data)
      expect(all.map((m) => m.symbol)).toEqual(CATALOG_LISTINGS.map((l) => l.symbol))
      expect(all[0]).toMatchObject({
        symbol: 'btcusdt',
        extends: 'btcusdt',
        currency_id: 1,
        matches_id: 2,
        market_from: 2,
        currency_name: 'BTC',
        legal_name: 'USDT',
        logo: '/coins/btc.svg',
        category: 'spot',
      })
      const futures = (
        await getJson<Env<{ category: string; extends: string }[]>>(
          t.app,
          '/api/currency/currency_list?category=futures',
        )
      ).body.data
      expect(futures.length).toBeGreaterThan(0)
      expect(futures.every((m) => m.category === 'futures')).toBe(true)
      expect(futures.map((m) => m.extends)).toContain('BTC-USDT')
    })

    it('currency_list shows only the running source listings, including ones added from a replay', async () => {
      const replay = fakeMarket({
        source: 'replay',
        listings: [
          CATALOG_LISTINGS.find((l) => l.symbol === 'ethusdt')!,
          {
            symbol: 'pepeusdt',
            category: 'spot',
            base: 'PEPE',
            quote: 'USDT',
            price_precision: 8,
            amount_precision: 0,
          },
        ],
      })
      expect(await addMissingListings(database.db, replay.listings())).toEqual(['pepeusdt'])
      expect(await addMissingListings(database.db, replay.listings())).toEqual([])
      const r = await testApp({ db: database.db, market: replay })
      const items = z
        .array(marketItemSchema)
        .parse((await getJson<Env<unknown>>(r.app, '/api/currency/currency_list')).body.data)
      await r.app.close()
      expect(items.map((m) => m.symbol)).toEqual(['ethusdt', 'pepeusdt'])
      const pepe = items[1]!
      expect(pepe).toMatchObject({ currency_name: 'PEPE', price_precision: 8, amount_precision: 0, category: 'spot' })
      const catalogIds = CATALOG_LISTINGS.length
      expect(pepe.sort).toBeGreaterThan(catalogIds)
      expect(pepe.matches_id).toBeGreaterThan(204)
      expect(pepe.currency_id).toBeGreaterThan(104)
    })
  })
}
