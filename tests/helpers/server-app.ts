/**
 * The HTTP app over a test database and a fake market, for `app.inject` tests; server-side error log lines are
 * captured in `logs` instead of printed. Like the e2e server (LIVE_TRADING_ON_TEST_FEED=1), the default fake market
 * accepts live-book orders on its test feed (server-fake-market.ts `liveTradingOnTestFeed`).
 */
import type { EvmCustody } from '../../server/custody/evm-custody'
import type { ServerConfig } from '../../server/config'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/api/app'
import type { Db } from '../../server/db/client'
import type { LiveCache } from '../../server/cache/live-cache'
import type { MarketService } from '../../server/market/types'
import { fakeMarket } from './server-fake-market'
import type { Database } from '../../server/db/client'
import { pgliteTestDb } from './server-db'
import { afterAll, beforeAll } from 'vitest'

export interface TestApp {
  app: FastifyInstance
  market: MarketService
  /** JSON log lines the server wrote (errors). */
  logs: string[]
}

export async function testApp(opts: {
  db: Db
  market?: MarketService
  distDir?: string
  marketPublicPort?: number
  dataDir?: string
  /** PUBLIC_ORIGIN list; default the server's default (http://localhost:8080, http://127.0.0.1:8080). */
  publicOrigins?: string[]
  /** Fastify trustProxy (TRUST_PROXY); default off. */
  trustProxy?: boolean | string[]
  /** The public-answer cache (default: the app's own on `db`'s change feed). */
  liveCache?: LiveCache
  /** EVM custody (deposit addresses, watched pairs); default none. */
  custody?: EvmCustody
  /** Web Push settings (VAPID subject and keys, push service hosts); default the server's defaults. */
  push?: ServerConfig['push']
}): Promise<TestApp> {
  const logs: string[] = []
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'tc-app-'))
  const market = opts.market ?? fakeMarket({ liveTradingOnTestFeed: true })
  const app = await buildApp(
    {
      db: opts.db,
      market,
      marketPublicPort: opts.marketPublicPort ?? 8292,
      distDir: opts.distDir,
      dataDir,
      log: (line) => void logs.push(line),
      publicOrigins: opts.publicOrigins,
      custody: opts.custody,
      push: opts.push,
    },
    {
      logger: { level: 'error', stream: { write: (line: string) => void logs.push(line) } },
      trustProxy: opts.trustProxy,
      ...(opts.liveCache ? { liveCache: opts.liveCache } : {}),
    },
  )
  // A data folder made here goes when the app closes.
  if (!opts.dataDir) app.addHook('onClose', async () => rmSync(dataDir, { recursive: true, force: true }))
  await app.ready()
  return { app, market, logs }
}

/** GET `url` with an optional Accept-Language; returns status, headers and the parsed JSON body. */
export async function getJson<T = { code: number; msg: string; data: unknown }>(
  app: FastifyInstance,
  url: string,
  lang?: string,
) {
  const res = await app.inject({ method: 'GET', url, headers: lang ? { 'accept-language': lang } : {} })
  return { status: res.statusCode, headers: res.headers, body: res.json<T>(), raw: res.body }
}

/**
 * A seeded PGlite database and an app over it for one test file: created before its tests, closed after them.
 * Read `database` and `t` inside tests (they exist once beforeAll has run).
 */
export function pgliteApp(): { readonly database: Database; readonly t: TestApp } {
  let database: Database | undefined
  let t: TestApp | undefined
  beforeAll(async () => {
    database = await pgliteTestDb()
    t = await testApp({ db: database.db })
  })
  afterAll(async () => {
    await t?.app.close()
    await database?.close()
  })
  return {
    get database() {
      return database!
    },
    get t() {
      return t!
    },
  }
}
