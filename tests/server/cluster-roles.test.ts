/**
 * Roles in separate processes over NATS (issue 22 part 3): process A runs `ingest,engine,jobs`, process B
 * `api,gateway`, both real child processes on one fresh PostgreSQL database and one NATS server under a prefix of
 * this run. B has no market source of its own: its public market websocket serves the tickers A's ingest produced.
 * A user registered through B's API and connected to B's `/ws/v2` receives the `accounts.update` of a deposit approved through B's API — written to
 * the outbox by B, published by A's relay on NATS, fanned out by B — within 2 s of the approval's answer.
 */
import { randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import { jetstreamManager } from '@nats-io/jetstream'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { subscribeMarks } from '../../server/bus/marks'
import { subjects } from '../../server/bus/subjects'
import { openDatabase, type Database } from '../../server/db/client'
import { outbox } from '../../server/db/schema'
import type { MarkSnapshot } from '../../server/trading/contract/marks'
import { freePorts } from '../helpers/app-server'
import { GOOD_PASSWORD } from '../helpers/auth-app'
import { FeedClient } from '../helpers/market-client'
import { openUsdtTrc20, TRON_ADDRESS_2 } from '../helpers/money-calls'
import { describeCluster, NATS_TEST_URL, testPrefix } from '../helpers/nats'
import { startRoleServer, type RoleServer } from '../helpers/role-server'
import { makeUser } from '../helpers/server-users'
import { StreamClient } from '../helpers/stream-client'

await describeCluster('roles in two processes (ingest,engine,jobs + api,gateway)', (pgDatabase, open) => {
  const prefix = testPrefix()
  const servers: RoleServer[] = []
  const clients: { ws: { terminate(): void } }[] = []
  let database: Database
  let apiUrl: string
  let feedUrl: string

  /** A JSON POST to B's API as `token` (none: signed out), with a fresh Idempotency-Key. */
  const call = async <T>(token: string | undefined, path: string, payload: object) => {
    const res = await fetch(`${apiUrl}/api/${path}`, {
      method: 'POST',
      headers: {
        ...(token ? { token } : {}),
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify(payload),
    })
    return (await res.json()) as { code: number; msg?: string; data: T }
  }

  /** Registers a new e-mail user through B's API (the code read from the outbox, as a user reads the mail). */
  const register = async () => {
    const email = `cluster-${randomUUID().slice(0, 8)}@example.com`
    expect(await call(undefined, 'user/send_code', { type: 'email', email, purpose: 'register' })).toMatchObject({
      code: 1,
    })
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, email))
      .orderBy(desc(outbox.id))
      .limit(1)
    const code = mail!.body.match(/\b\d{6}\b/)![0]
    const form = { type: 'email', email, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD, code, agree: true }
    const answer = await call<{ token: string; user: { id: number } }>(undefined, 'user/register', form)
    expect(answer).toMatchObject({ code: 1 })
    return answer.data
  }

  beforeAll(async () => {
    const [httpPort, marketPort] = await freePorts(2)
    const common = { databaseUrl: pgDatabase.url, natsUrl: NATS_TEST_URL, natsPrefix: prefix }
    // A first: B's market source asks ingest's snapshot when it starts.
    servers.push(await startRoleServer({ ...common, roles: 'ingest,engine,jobs' }))
    servers.push(await startRoleServer({ ...common, roles: 'api,gateway', port: httpPort, marketPort }))
    apiUrl = `http://127.0.0.1:${httpPort}`
    feedUrl = `ws://127.0.0.1:${marketPort}`
    database = await openDatabase({ databaseUrl: pgDatabase.url })
    await openUsdtTrc20(database.db)
  }, 240_000)

  afterAll(async () => {
    for (const c of clients) c.ws.terminate()
    await Promise.all(servers.map((s) => s.stop()))
    await database?.close()
    const nc = await open('cleanup')
    const jsm = await jetstreamManager(nc)
    await jsm.streams.delete(subjects(prefix).userStream).catch(() => false)
  }, 30_000)

  it('starts each process with its roles, pid and ports named in one line', () => {
    const [a, b] = servers
    expect(a!.startLine).toMatch(/^TC Market: no http · feed not served · .* · roles ingest,engine,jobs · pid \d+$/)
    expect(b!.startLine).toMatch(
      new RegExp(`^TC Market: ${apiUrl} · feed ${feedUrl} · market source sim .* · roles api,gateway · pid \\d+$`),
    )
  })

  it("serves on B's market websocket the tickers A's ingest produces", async () => {
    const c = await FeedClient.connect(feedUrl)
    clients.push(c)
    expect(await c.call({ sub: 'market.btcusdt.ticker' })).toMatchObject({ status: 'ok' })
    const first = await c.waitFor((m) => m.ch === 'market.btcusdt.ticker')
    // A second push: B follows A's live feed, not a copy taken once at start.
    const next = await c.waitFor(
      (m) => m.ch === 'market.btcusdt.ticker' && (m.ts as number) > (first.ts as number),
      15_000,
    )
    expect(next).toMatchObject({ tick: { close: expect.any(Number) as unknown } })
  })

  it("publishes A's marks on NATS, where the other roles' processes follow them", async () => {
    const marks: MarkSnapshot[] = []
    const stop = await subscribeMarks(await open('observer'), (m) => marks.push(m), { prefix, symbol: 'btcusdt' })
    await expect.poll(() => marks.length, { timeout: 10_000 }).toBeGreaterThan(0)
    stop()
    expect(marks[0]).toMatchObject({ symbol: 'btcusdt', price: expect.stringMatching(/^\d+(\.\d+)?$/) as unknown })
  })

  it("pushes a deposit approved through B's API to B's /ws/v2 within 2 s, relayed by A's jobs over NATS", async () => {
    const op = await makeUser(database.db, 'operator')
    const u = await register()
    const c = await StreamClient.signedIn(feedUrl, u.token)
    clients.push(c)
    expect(await c.sub('accounts.update')).toMatchObject({ code: 200, data: { seq: 0 } })
    const claim = await call<{ id: number }>(u.token, 'assets/deposit_claim', {
      currency: 'USDT',
      chain: 'TRC20',
      amount: '25',
      from_address: TRON_ADDRESS_2,
    })
    expect(claim).toMatchObject({ code: 1 })
    const before = c.messages.length
    const review = await call(op.token, 'admin/deposit_review', { id: claim.data.id, approve: true })
    expect(review).toMatchObject({ code: 1 })
    const answered = performance.now()
    const push = await c.waitFor((m) => m.action === 'push', 5000, before)
    expect(push).toMatchObject({
      action: 'push',
      ch: 'accounts.update',
      data: { event: 'balance', wallet: 'spot', currency: 'USDT', change_available: '25', seq: 1 },
    })
    expect(push.at - answered).toBeLessThan(2000)
  })
})
