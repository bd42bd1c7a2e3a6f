/**
 * Ids and text on the wire (common/api/ids.ts), over every route the app registers (a new route taking an id is
 * covered without editing this file): an id is a positive int4 JSON number in a body or digits in a query string,
 * nothing else. Hostile values (too big for int4, `true`, `"0x2"`, `[3]`, a BOM, signs, exponents, repeated
 * query keys) answer the 422 envelope naming the field, never a 500, and change nothing. NUL bytes in text
 * parameters are refused the same way.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { idSchema, queryIdSchema } from '../../common/api/ids'
import { ALL_ROUTES } from '../../server/api/app'
import type { ApiRoute } from '../../server/api/route'
import type { Database } from '../../server/db/client'
import { testApp, type TestApp } from '../helpers/server-app'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { makeUser, type TestUser } from '../helpers/server-users'

/** Input fields naming a stored row (`chain_id` is an EIP-155 chain number, not a row: any positive integer). */
const ID_FIELD = /^(id|sid)$|_id$/
const NOT_ROW_IDS = new Set(['chain_id'])

/** Hostile ids in a query string (raw, already URL-encoded). */
const QUERY_VALUES = [
  '2147483648',
  '99999999999999999999',
  '0x2',
  '1e0',
  '%2B1',
  '%201',
  '%EF%BB%BF1',
  'true',
  '0',
  '-1',
  '1.0',
  '',
]
/** Hostile ids in a JSON body. */
const BODY_VALUES: unknown[] = [2147483648, 1e300, true, '0x2', [3], '\ufeff1', '2', 1.5, 0, -1, null, {}]

function idFields(route: ApiRoute): string[] {
  if (!route.input) return []
  const json = z.toJSONSchema(route.input, { io: 'input' }) as { properties?: Record<string, unknown> }
  return Object.keys(json.properties ?? {}).filter((k) => ID_FIELD.test(k) && !NOT_ROW_IDS.has(k))
}

/** The schema of `field` in `route`'s input, optional unwrapped. */
function fieldSchema(route: ApiRoute, field: string): unknown {
  let s = (route.input as unknown as { _zod: { def: { shape: Record<string, unknown> } } })._zod.def.shape[field] as {
    _zod: { def: { type: string; innerType?: unknown } }
  }
  while (s._zod.def.type === 'optional' || s._zod.def.type === 'default') s = s._zod.def.innerType as typeof s
  return s
}

const ROUTES_WITH_IDS = ALL_ROUTES.filter((r) => idFields(r).length > 0)
const label = (r: ApiRoute) => `${r.method ?? 'GET'} ${r.path}`

interface World {
  database: Database
  t: TestApp
  user: TestUser
  op: TestUser
}

/** Row counts of every table (what a delete would change) and every user's status. */
async function snapshot(db: Database['db']): Promise<string> {
  const tables = (await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by 1`,
  )) as {
    rows: { tablename: string }[]
  }
  const out: string[] = []
  for (const { tablename } of tables.rows) {
    if (['audit_log', 'rate_counters', 'sessions', '__drizzle_migrations'].includes(tablename)) continue
    const r = (await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(tablename)}`)) as {
      rows: { n: number }[]
    }
    out.push(`${tablename}=${r.rows[0]!.n}`)
  }
  const users = (await db.execute(sql`select id, status from users order by id`)) as { rows: unknown[] }
  return `${out.join(' ')} ${JSON.stringify(users.rows)}`
}

function describeIds(name: string, open: () => Promise<Database>): void {
  describe(`ids and text on ${name}`, () => {
    const w = {} as World
    beforeAll(async () => {
      w.database = await open()
      w.t = await testApp({ db: w.database.db })
      w.user = await makeUser(w.database.db)
      w.op = await makeUser(w.database.db, 'operator')
      // Objects that a coerced id would hit: help article 2 (`"0x2"`), announcements 1…3, feedback 1…3.
      for (let i = 0; i < 3; i++) {
        const saved = await w.t.app.inject({
          method: 'POST',
          url: '/api/admin/help_save',
          headers: { token: w.op.token },
          payload: { locale: 'en', title: `Article ${i}`, content: 'Text' },
        })
        expect(saved.json<{ code: number }>().code, saved.body).toBe(1)
      }
    })
    afterAll(async () => {
      await w.t?.app.close()
      await w.database?.close()
    })

    const tokenFor = (r: ApiRoute) =>
      r.auth === 'operator' ? w.op.token : r.auth === 'user' ? w.user.token : undefined

    it('finds the routes taking ids, and each uses the shared id schema', () => {
      expect(ROUTES_WITH_IDS.map(label)).toEqual(
        expect.arrayContaining([
          'GET common/get_announcement_info',
          'POST admin/identity_review',
          'POST admin/help_delete',
        ]),
      )
      for (const r of ROUTES_WITH_IDS) {
        for (const f of idFields(r)) {
          expect(fieldSchema(r, f), `${label(r)} ${f}`).toBe((r.method ?? 'GET') === 'GET' ? queryIdSchema : idSchema)
        }
      }
    })

    it.each(ROUTES_WITH_IDS.map((r) => [label(r), r] as const))(
      '%s: hostile ids answer 422 naming the field',
      async (_, r) => {
        const before = await snapshot(w.database.db)
        const token = tokenFor(r)
        for (const field of idFields(r)) {
          const attempts =
            (r.method ?? 'GET') === 'GET'
              ? [...QUERY_VALUES.map((v) => `${field}=${v}`), `${field}=1&${field}=2`].map((q) => ({
                  method: 'GET' as const,
                  url: `/api/${r.path}?${q}`,
                }))
              : BODY_VALUES.map((v) => ({ method: 'POST' as const, url: `/api/${r.path}`, payload: { [field]: v } }))
          for (const a of attempts) {
            const res = await w.t.app.inject({ ...a, headers: token ? { token } : {} })
            const what = `${a.url} ${'payload' in a ? JSON.stringify(a.payload) : ''}`
            expect(res.statusCode, what).toBe(200)
            const body = res.json<{ code: number; data: { issues: { field: string }[] } }>()
            expect(body.code, `${what} ${res.body}`).toBe(422)
            expect(
              body.data.issues.map((i) => i.field),
              what,
            ).toContain(field)
          }
        }
        expect(await snapshot(w.database.db)).toBe(before)
        expect(w.t.logs.filter((l) => l.includes('request failed'))).toEqual([])
      },
    )

    it('the reported cases: too-big ids and NUL bytes are 422 naming the field, and "0x2" deletes nothing', async () => {
      const get = async (url: string) =>
        (await w.t.app.inject({ method: 'GET', url, headers: { token: w.op.token } })).json<{ code: number }>()
      const post = async (url: string, payload: object) =>
        (await w.t.app.inject({ method: 'POST', url, payload, headers: { token: w.op.token } })).json<{
          code: number
        }>()
      expect(await get('/api/common/get_announcement_info?id=2147483648')).toMatchObject({
        code: 422,
        data: { field: 'id' },
      })
      expect(await post('/api/admin/identity_review', { id: 2147483648, decision: 'approve' })).toMatchObject({
        code: 422,
        data: { field: 'id' },
      })
      expect(await get('/api/admin/outbox?to=a%00')).toMatchObject({ code: 422, data: { field: 'to' } })
      expect(await get('/api/admin/user_list?q=a%00')).toMatchObject({ code: 422, data: { field: 'q' } })
      expect(await post('/api/admin/help_delete', { id: '0x2' })).toMatchObject({ code: 422, data: { field: 'id' } })
      expect((await get('/api/help/detail?id=2')).code).toBe(1)
      // Valid ids still work: a digit string in a query, a number in a body.
      expect(await post('/api/admin/help_delete', { id: 2 })).toMatchObject({ code: 1 })
      expect(w.t.logs.filter((l) => l.includes('request failed'))).toEqual([])
    })

    it('a NUL byte in any text parameter of any route is never a 500', async () => {
      for (const r of ALL_ROUTES) {
        if (!r.input || r.multipart) continue
        const json = z.toJSONSchema(r.input, { io: 'input' }) as { properties?: Record<string, { type?: string }> }
        for (const [field, prop] of Object.entries(json.properties ?? {})) {
          if (prop.type !== 'string') continue
          const token = tokenFor(r)
          const headers = token ? { token } : {}
          const res =
            (r.method ?? 'GET') === 'GET'
              ? await w.t.app.inject({ method: 'GET', url: `/api/${r.path}?${field}=a%00b`, headers })
              : await w.t.app.inject({
                  method: 'POST',
                  url: `/api/${r.path}`,
                  payload: { [field]: 'a\u0000b' },
                  headers,
                })
          expect(res.statusCode, `${label(r)} ${field}: ${res.body}`).toBeLessThan(500)
          expect(res.json<{ code: number }>().code, `${label(r)} ${field}: ${res.body}`).not.toBe(500)
        }
      }
      expect(w.t.logs.filter((l) => l.includes('request failed'))).toEqual([])
    })
  })
}

describeIds('PGlite', () => pgliteTestDb())

await describePostgres('ids and text', (open) => describeIds('PostgreSQL', open))
