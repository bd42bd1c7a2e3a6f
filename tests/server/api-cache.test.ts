/**
 * Public answers served from memory (issue 9 part 2): strong ETag and 304, no database read on a hot request, and an
 * operator's change reaching every server on the database — in this process on PGlite (PGlite's own LISTEN/NOTIFY),
 * and across two apps with their own connections on PostgreSQL (LISTEN on a dedicated client), also after the
 * listening connection was killed.
 */
import type { PGlite } from '@electric-sql/pglite'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runAdmin } from '../../server/cli/admin-commands'
import { AnswerCache } from '../../server/cache/answer-cache'
import { startLiveCache, type LiveCache } from '../../server/cache/live-cache'
import type { Database } from '../../server/db/client'
import { addMissingListings } from '../../server/db/markets'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { testApp, type TestApp } from '../helpers/server-app'
import { CATALOG_LISTINGS, fakeMarket } from '../helpers/server-fake-market'

type Config = { code: number; data: { site_name: string } }
type Markets = { code: number; data: { symbol: string; category: string }[] }

const quiet = { out: () => {}, err: () => {} }

async function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers })
  return { status: res.statusCode, etag: String(res.headers.etag), cache: res.headers['cache-control'], res }
}

/** Polls `read` until `done` holds (each poll is a real request; no fixed sleep). */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((r) => setImmediate(r))
  }
}

const PEPE = {
  symbol: 'pepeusdt',
  category: 'spot',
  base: 'PEPE',
  quote: 'USDT',
  price_precision: 8,
  amount_precision: 0,
} as const

describe('answer cache', () => {
  it('does not keep an answer built across a change notice', async () => {
    const cache = new AnswerCache()
    let value = 'old'
    let release = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const build = async () => {
      const read = value // the database read
      await gate // …and the rest of the build, during which the change commits
      return { value: read }
    }
    const spec = { topics: ['settings'] as const, build }
    const inFlight = cache.get('k', spec) // reads "old", then a commit changes it before the build returns
    value = 'new'
    cache.invalidate('settings')
    const afterNotice = cache.get('k', spec) // must not share the stale build
    release()
    expect(JSON.parse((await inFlight).body)).toEqual({ value: 'old' })
    expect(JSON.parse((await afterNotice).body)).toEqual({ value: 'new' })
    expect(JSON.parse((await cache.get('k', spec)).body)).toEqual({ value: 'new' })
  })

  it('rebuilds an answer past its max age, and only the topics a notice names', async () => {
    const cache = new AnswerCache()
    let n = 0
    const clock = { topics: ['settings'] as const, maxAgeMs: 1000, build: () => ++n }
    const list = { topics: ['markets'] as const, build: () => ++n }
    const t0 = Date.now()
    expect((await cache.get('clock', clock, t0)).body).toBe('1')
    expect((await cache.get('clock', clock, t0 + 500)).body).toBe('1')
    expect((await cache.get('list', list)).body).toBe('2')
    cache.invalidate('settings')
    expect((await cache.get('list', list)).body).toBe('2')
    expect((await cache.get('clock', clock, t0 + 500)).body).toBe('3')
    expect((await cache.get('clock', clock, t0 + 5000)).body).toBe('4')
  })
})

describe('cached public answers on PGlite', () => {
  let database: Database
  let live: LiveCache
  let t: TestApp
  beforeAll(async () => {
    database = await pgliteTestDb()
    live = await startLiveCache(database.db)
    t = await testApp({ db: database.db, liveCache: live })
  })
  afterAll(async () => {
    await t.app.close()
    await live.close()
    await database.close()
  })

  it('answers with a strong ETag and 304 to a matching If-None-Match', async () => {
    for (const url of ['/api/common/config', '/api/common/get_lang', '/api/area_code/get_area_code']) {
      const first = await get(t.app, url)
      expect(first.status, url).toBe(200)
      expect(first.etag, url).toMatch(/^"[\w-]{27}"$/)
      expect(first.cache, url).toBe('no-cache')
      const again = await get(t.app, url, { 'if-none-match': first.etag })
      expect(again.status, url).toBe(304)
      expect(again.res.body, url).toBe('')
      expect(again.etag, url).toBe(first.etag)
      expect((await get(t.app, url, { 'if-none-match': `"other", W/${first.etag}` })).status, url).toBe(304)
      expect((await get(t.app, url, { 'if-none-match': '"other"' })).status, url).toBe(200)
    }
  })

  it('keys answers by language and query', async () => {
    const en = await get(t.app, '/api/currency/currency_list')
    const zh = await get(t.app, '/api/currency/currency_list', { 'accept-language': 'zh-CN' })
    const futures = await get(t.app, '/api/currency/currency_list?category=futures')
    expect(new Set([en.etag, zh.etag, futures.etag]).size).toBe(3)
    expect(zh.res.json<{ msg: string }>().msg).toBe('成功')
    expect(futures.res.json<Markets>().data.every((m) => m.category === 'futures')).toBe(true)
    // Input is still checked on every request: a bad filter is refused, not served from some cached list.
    const bogus = await get(t.app, '/api/currency/currency_list?category=bogus')
    expect(bogus.res.json<{ code: number }>().code).toBe(422)
    expect(bogus.res.headers.etag).toBeUndefined()
  })

  it('reads nothing from the database on a hot request', async () => {
    const urls = ['/api/common/config', '/api/currency/currency_list', '/api/currency/currency_list?category=spot']
    for (const url of urls) await get(t.app, url, { token: 'a-session-token-is-not-looked-up' })
    const client = (database.db as unknown as { $client: PGlite }).$client
    const spies = [vi.spyOn(client, 'query'), vi.spyOn(client, 'exec'), vi.spyOn(client, 'transaction')]
    const builds = live.answers.builds
    try {
      for (let i = 0; i < 20; i++) {
        for (const url of urls) expect((await get(t.app, url, { token: 'x' })).status).toBe(200)
      }
      for (const spy of spies) expect(spy).not.toHaveBeenCalled()
      expect(live.answers.builds).toBe(builds)
    } finally {
      for (const spy of spies) spy.mockRestore()
    }
  })

  it('an operator change reaches the cached answer, with a new ETag', async () => {
    const before = await get(t.app, '/api/common/config')
    expect(await runAdmin(database.db, ['config', 'set', 'site_name', 'Cached Market'], quiet)).toBe(0)
    const after = await until(
      () => get(t.app, '/api/common/config', { 'if-none-match': before.etag }),
      (r) => r.status === 200,
    )
    expect(after.res.json<Config>().data.site_name).toBe('Cached Market')
    expect(after.etag).not.toBe(before.etag)
  })

  it('a listed market added by a source shows in the cached market list', async () => {
    const market = fakeMarket({ listings: [...CATALOG_LISTINGS, PEPE] })
    const r = await testApp({ db: database.db, market })
    try {
      const symbols = async () => (await get(r.app, '/api/currency/currency_list')).res.json<Markets>().data
      expect((await symbols()).map((m) => m.symbol)).not.toContain('pepeusdt')
      expect(await addMissingListings(database.db, market.listings())).toEqual(['pepeusdt'])
      const after = await until(symbols, (list) => list.some((m) => m.symbol === 'pepeusdt'))
      expect(after.map((m) => m.symbol)).toContain('pepeusdt')
    } finally {
      await r.app.close()
    }
  })
})

await describePostgres('cached public answers across servers', (open) => {
  let a: { database: Database; t: TestApp }
  let b: { database: Database; t: TestApp }
  let operator: Database
  const start = async () => {
    const database = await open()
    return { database, t: await testApp({ db: database.db }) }
  }
  beforeAll(async () => {
    a = await start()
    b = await start()
    operator = await open()
  })
  afterAll(async () => {
    for (const s of [a, b]) {
      await s?.t.app.close()
      await s?.database.close()
    }
    await operator?.close()
  })

  const siteName = async (app: FastifyInstance) => {
    const r = await get(app, '/api/common/config')
    return { name: r.res.json<Config>().data.site_name, etag: r.etag }
  }

  it("an operator's change on one connection reaches both servers' cached answers", async () => {
    const beforeA = await siteName(a.t.app)
    const beforeB = await siteName(b.t.app)
    // The `npm run admin` path on PostgreSQL: its own connection, then the same command as the servers run.
    expect(await runAdmin(operator.db, ['config', 'set', 'site_name', 'Both Servers'], quiet)).toBe(0)
    for (const [app, before] of [
      [a.t.app, beforeA],
      [b.t.app, beforeB],
    ] as const) {
      const after = await until(
        () => siteName(app),
        (s) => s.name === 'Both Servers',
      )
      expect(after.name).toBe('Both Servers')
      expect(after.etag).not.toBe(before.etag)
    }
  })

  it('a change made through one server reaches the other', async () => {
    expect(await runAdmin(a.database.db, ['config', 'set', 'site_name', 'Through A'], quiet)).toBe(0)
    expect(
      (
        await until(
          () => siteName(b.t.app),
          (s) => s.name === 'Through A',
        )
      ).name,
    ).toBe('Through A')
  })

  it('keeps up after its listening connection is killed', async () => {
    await siteName(b.t.app)
    const admin = new pg.Client({ connectionString: pgUrlOf(operator) })
    await admin.connect()
    try {
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'LISTEN %' and pid <> pg_backend_pid()`,
      )
      expect(killed.rowCount).toBeGreaterThanOrEqual(2) // one listener per server
    } finally {
      await admin.end()
    }
    expect(await runAdmin(operator.db, ['config', 'set', 'site_name', 'After Reconnect'], quiet)).toBe(0)
    for (const app of [a.t.app, b.t.app]) {
      expect(
        (
          await until(
            () => siteName(app),
            (s) => s.name === 'After Reconnect',
          )
        ).name,
      ).toBe('After Reconnect')
    }
  })
})

/** The connection string of a PostgreSQL Database (its pool's options). */
function pgUrlOf(database: Database): string {
  return String((database.db as unknown as { $client: pg.Pool }).$client.options.connectionString)
}
