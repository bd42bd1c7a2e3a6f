/**
 * Auth test fixture: the HTTP app over a fresh database, run once on PGlite and once on real PostgreSQL (skipped
 * with the reason when PostgreSQL is unreachable), with helpers that call the account API as the app would and read
 * what a user would receive (the outbox).
 */
import { randomInt } from 'node:crypto'
import { desc, ilike } from 'drizzle-orm'
import { afterAll, beforeAll, describe, it } from 'vitest'
import type { SmsSender } from '../../server/auth/messenger'
import type { Database } from '../../server/db/client'
import { openDatabase } from '../../server/db/client'
import { outbox } from '../../server/db/schema'
import { seedDatabase } from '../../server/db/seed'
import pg from 'pg'
import { PG_ADMIN_URL, createPgTestDatabase, pgliteTestDb } from './server-db'
import { testApp, type TestApp } from './server-app'
import { buildApp } from '../../server/api/app'
import { runAdmin } from '../../server/cli/admin-commands'
import { fakeMarket } from './server-fake-market'

/** An envelope as the app reads it. */
export interface Answer<T = unknown> {
  status: number
  headers: Record<string, string | string[] | number | undefined>
  body: { code: number; msg: string; data: T }
}

/** Options of one call. */
export interface CallOptions {
  token?: string
  lang?: string
  /** Host header (default `localhost:80`, Fastify inject's). */
  host?: string
  /** Client address; default a random 10.x.y.z so per-address limits of unrelated tests do not meet. */
  ip?: string
  /** Further request headers (X-Forwarded-For…). */
  headers?: Record<string, string>
}

/** The fixture of one suite. */
export interface AuthFixture {
  readonly db: Database['db']
  readonly t: TestApp
  readonly label: 'PGlite' | 'PostgreSQL'
  post<T = unknown>(path: string, body: object, opts?: CallOptions): Promise<Answer<T>>
  get<T = unknown>(path: string, opts?: CallOptions): Promise<Answer<T>>
  /** The newest code sent to `to` (e-mail or `+<area> <phone>`), read from the outbox body. */
  lastCode(to: string): Promise<string>
  /** Registers `email` (code from the outbox) and returns the session answer's data. */
  register(
    email: string,
    password?: string,
    invite?: string,
  ): Promise<{ token: string; user: { id: number; invite_code: string } }>
}

export const GOOD_PASSWORD = 'correct horse battery staple'

function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`
}

function makeFixture(get: () => { db: Database['db']; t: TestApp }, label: AuthFixture['label']): AuthFixture {
  const call = async <T>(method: 'GET' | 'POST', path: string, body: object | undefined, o: CallOptions = {}) => {
    const headers: Record<string, string> = { ...o.headers }
    if (o.token) headers.token = o.token
    if (o.lang) headers['accept-language'] = o.lang
    if (o.host) headers.host = o.host
    const res = await get().t.app.inject({
      method,
      url: `/api/${path}`,
      headers,
      remoteAddress: o.ip ?? randomIp(),
      ...(body ? { payload: body } : {}),
    })
    return { status: res.statusCode, headers: res.headers, body: res.json() } as Answer<T>
  }
  const fx: AuthFixture = {
    get db() {
      return get().db
    },
    get t() {
      return get().t
    },
    label,
    post: (path, body, opts) => call('POST', path, body, opts),
    get: (path, opts) => call('GET', path, undefined, opts),
    async lastCode(to) {
      const [row] = await get()
        .db.select()
        .from(outbox)
        .where(ilike(outbox.recipient, to))
        .orderBy(desc(outbox.id))
        .limit(1)
      const code = row?.body.match(/\b\d{6}\b/)?.[0]
      if (!code) throw new Error(`no code in the outbox for ${to}`)
      return code
    },
    async register(email, password = GOOD_PASSWORD, invite = '') {
      const sent = await fx.post('user/send_code', { type: 'email', email, purpose: 'register' })
      if (sent.body.code !== 1) throw new Error(`send_code: ${sent.body.msg}`)
      const res = await fx.post<{ token: string; user: { id: number; invite_code: string } }>('user/register', {
        type: 'email',
        email,
        password,
        re_password: password,
        code: await fx.lastCode(email),
        invite_code: invite,
        agree: true,
      })
      if (res.body.code !== 1) throw new Error(`register: ${res.body.msg}`)
      return res.body.data
    },
  }
  return fx
}

/** Runs `npm run admin -- …argv` on the fixture's database; its exit code and what it printed. */
export async function adminCli(
  fx: AuthFixture,
  ...argv: string[]
): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = []
  const err: string[] = []
  const code = await runAdmin(fx.db, argv, { out: (l) => out.push(l), err: (l) => err.push(l) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

/** Why PostgreSQL cannot be used, or undefined when it can (probed once per test file). */
const pgUnreachable = await probePostgres()

async function probePostgres(): Promise<string | undefined> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 })
  try {
    await admin.connect()
    return undefined
  } catch (err) {
    return `PostgreSQL unreachable at ${PG_ADMIN_URL}: ${(err as Error).message}`
  } finally {
    await admin.end().catch(() => {})
  }
}

/** Extra app dependencies for a suite (an SMS provider, an SMTP URL). */
export interface SuiteDeps {
  sms?: SmsSender
  smtpUrl?: string
  /** PUBLIC_ORIGIN list of the app. */
  publicOrigins?: string[]
}

async function appOver(db: Database['db'], deps: SuiteDeps): Promise<TestApp> {
  if (!deps.sms && !deps.smtpUrl)
    return testApp({ db, ...(deps.publicOrigins ? { publicOrigins: deps.publicOrigins } : {}) })
  const logs: string[] = []
  const app = await buildApp(
    {
      db,
      market: fakeMarket(),
      marketPublicPort: 8292,
      dataDir: '/nonexistent',
      log: (l) => void logs.push(l),
      ...deps,
    },
    { logger: { level: 'error', stream: { write: (line: string) => void logs.push(line) } } },
  )
  await app.ready()
  return { app, market: fakeMarket(), logs }
}

/**
 * Registers `body` as a describe block on PGlite and, unless `postgres` is false, on PostgreSQL; each gets its own
 * migrated and seeded database and app.
 */
export function describeAuth(
  title: string,
  body: (fx: AuthFixture) => void,
  opts: { postgres?: boolean; deps?: SuiteDeps } = {},
): void {
  const variants: AuthFixture['label'][] = opts.postgres === false ? ['PGlite'] : ['PGlite', 'PostgreSQL']
  for (const label of variants) {
    describe(`${title} (${label})`, () => {
      let state: { db: Database['db']; t: TestApp } | undefined
      let database: Database | undefined
      let drop: (() => Promise<void>) | undefined
      let unavailable: string | undefined
      beforeAll(async () => {
        if (label === 'PGlite') database = await pgliteTestDb()
        else {
          const pg = await createPgTestDatabase()
          if ('unavailable' in pg) {
            unavailable = pg.unavailable
            return
          }
          drop = pg.drop
          database = await openDatabase({ databaseUrl: pg.url })
          await seedDatabase(database.db)
        }
        state = { db: database.db, t: await appOver(database.db, opts.deps ?? {}) }
      })
      afterAll(async () => {
        await state?.t.app.close()
        await database?.close()
        await drop?.()
      })
      if (label === 'PostgreSQL' && pgUnreachable) {
        it.skip(`skipped: ${pgUnreachable}`, () => {})
        return
      }
      body(
        makeFixture(() => {
          if (!state) throw new Error(unavailable ?? 'fixture not ready')
          return state
        }, label),
      )
    })
  }
}
