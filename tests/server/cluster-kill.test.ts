/**
 * kill -9 of any one process under a stream of orders (issue 22 part 6): eight role processes on one fresh PostgreSQL
 * database and one NATS prefix — `ingest,engine` and `engine`, `jobs` ×2, `api` ×2, `gateway` ×2 — serve three users
 * who place a stream of orders through the apis (tests/helpers/cluster-load.ts: limit buys the matcher fills, resting
 * buys then cancelled, crossing buys filled at placement, second contracts the jobs settle, futures positions at 200×
 * the engines liquidate; a call whose answer is lost goes again to the other api with the same Idempotency-Key and
 * client_oid) while the PWA's own user-stream client follows each user on the gateways, resuming with `from_seq` on
 * the other gateway when its own dies. For each role in turn one of its processes gets SIGKILL at a moment it is
 * busy: an api with calls in flight and a transaction open; a gateway with events of its clients committed and not
 * received (frozen first: it cannot have sent what is committed after that); the engine matching the traded market, in
 * a transaction, with orders open at the last print; a jobs process in a relay or settlement transaction. The stream
 * goes on against the survivors, a replacement starts, the stream stops, and once things settled nothing may be lost
 * (tests/helpers/cluster-audit.ts): every acknowledged order in the database once, every fill, cancel, settlement and
 * liquidation with its event, each client with every event of its user exactly once and in order, the ledger
 * balanced; and after the engine's kill every print of the takeover gap through an open order filled it. The ingest
 * role is not killed: there is no standby ingest yet (server/bus/README.md).
 */
import { jetstreamManager } from '@nats-io/jetstream'
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parseDecimal } from '../../common/amount'
import { subjects } from '../../server/bus/subjects'
import { LEASE_NS } from '../../server/cluster/lease'
import { accountPartition, PARTITIONS, symbolPartition } from '../../server/cluster/partitions'
import { openDatabase, type Database } from '../../server/db/client'
import { saveContractTerms } from '../../server/trading/contract/config'
import { priceMaxAgeMs } from '../../server/trading/freshness'
import { saveProduct } from '../../server/trading/micro/products'
import { freePorts } from '../helpers/app-server'
import { auditCluster, printsThroughOpenOrders, type AuditFigures, type Print } from '../helpers/cluster-audit'
import { ClusterApi, OrderLoad, type LoadUser } from '../helpers/cluster-load'
import { moneyUser, openChain, rowsOf, serviceCalls } from '../helpers/ledger-ops'
import { FeedClient } from '../helpers/market-client'
import { describeCluster, NATS_TEST_URL, testPrefix } from '../helpers/nats'
import { ResumingStream } from '../helpers/resuming-stream'
import { startRoleServer, type RoleServer, type RoleServerOptions } from '../helpers/role-server'
import { makeUser } from '../helpers/server-users'

/** The spot market of the stream: its partition (59) falls to the second engine (engines keep the lowest 32). */
const SPOT = 'adausdt'
/** The futures market; liquidations fall to the engine holding the account's partition (user id mod 64). */
const FUTURES = 'btcusdt'
const USERS = 3
/** How long the stream goes on against the survivors before the replacement starts, ms. */
const SURVIVORS_MS = 3000

await describeCluster('kill -9 of one process of each role under a stream of orders', (pgDatabase, open) => {
  const prefix = testPrefix()
  /** The processes by name (`api-1`…), replaced in place when killed. */
  const procs = new Map<string, { opts: RoleServerOptions; server: RoleServer }>()
  const streams: ResumingStream[] = []
  const users: (LoadUser & { stream: ResumingStream })[] = []
  let database: Database
  let watcher: pg.Client
  let feed: FeedClient
  let api: ClusterApi
  let load: OrderLoad
  let gatewayUrls: string[] = []
  let figures: AuditFigures = { orders: 0, fills: 0, cancels: 0, settlements: 0, liquidations: 0, events: 0 }

  const start = async (name: string, opts: Omit<RoleServerOptions, 'databaseUrl' | 'natsUrl' | 'natsPrefix'>) => {
    const full = { ...opts, name, databaseUrl: pgDatabase.url, natsUrl: NATS_TEST_URL, natsPrefix: prefix }
    procs.set(name, { opts: full, server: await startRoleServer(full) })
  }
  const query = async <T>(text: string, values: unknown[] = []) => (await watcher.query(text, values)).rows as T[]

  beforeAll(async () => {
    const [api1, api2, gw1, gw2] = await freePorts(4)
    // Ingest first: the others ask its market snapshot when they start.
    await start('ingest-engine', { roles: 'ingest,engine' })
    await Promise.all([
      start('engine-2', { roles: 'engine' }),
      start('jobs-1', { roles: 'jobs' }),
      start('jobs-2', { roles: 'jobs' }),
      start('api-1', { roles: 'api', port: api1 }),
      start('api-2', { roles: 'api', port: api2 }),
      start('gateway-1', { roles: 'gateway', marketPort: gw1 }),
      start('gateway-2', { roles: 'gateway', marketPort: gw2 }),
    ])
    api = new ClusterApi([api1, api2].map((p) => `http://127.0.0.1:${p}`))
    gatewayUrls = [gw1, gw2].map((p) => `ws://127.0.0.1:${p}`)
    database = await openDatabase({ databaseUrl: pgDatabase.url })
    watcher = new pg.Client({ connectionString: pgDatabase.url })
    await watcher.connect()
    const db = database.db
    await openChain(db, 'USDT', { fee: '1', min: '2' })
    await saveContractTerms(db, {
      symbol: FUTURES,
      min_leverage: 1,
      max_leverage: 200,
      maintenance_margin_rate: parseDecimal('0.00499'),
      taker_fee_rate: parseDecimal('0'),
      maker_fee_rate: parseDecimal('0'),
      min_amount: parseDecimal('0.001'),
      open: true,
    })
    await saveProduct(db, {
      symbol: 'btcusdt',
      duration_s: 5,
      payout_rate: parseDecimal('0.8'),
      min_amount: parseDecimal('1'),
      fee_rate: parseDecimal('0.01'),
      enabled: true,
    })
    while (users.length < USERS) {
      const u = await makeUser(db)
      // The first user's accounts fall to the first engine, the others' to the second (partitions 32…63).
      if (users.length > 0 && accountPartition(u.id) < PARTITIONS / 2) continue
      const i = users.length
      const calls = serviceCalls(db, new Map([[u.id, await moneyUser(db, u.id)]]))
      await calls.deposit(u.id, 'USDT', parseDecimal('10000'), randomUUID())
      const who = { userId: u.id, book: 'live' as const, key: randomUUID() }
      await calls.transfer(who, { currency: 'USDT', from: 'spot', to: 'option', amount: parseDecimal('500') })
      const stream = await ResumingStream.open(gatewayUrls, u.token, i % 2)
      streams.push(stream)
      users.push({ id: u.id, token: u.token, home: i % 2, stream })
    }
    // The best bid and ask, from the gateway never killed.
    feed = await FeedClient.connect(gatewayUrls[1]!)
    expect(await feed.call({ sub: `market.${SPOT}.depth.step0` })).toMatchObject({ status: 'ok' })
    expect(await feed.call({ sub: `market.${SPOT}.trade.detail` })).toMatchObject({ status: 'ok' })
    const quote = () => {
      let m: (typeof feed.messages)[number] | undefined
      for (let i = feed.messages.length - 1; i >= 0 && !m; i--)
        if (feed.messages[i]!.ch === `market.${SPOT}.depth.step0`) m = feed.messages[i]
      const tick = m?.tick as { bids: [number, number][]; asks: [number, number][] } | undefined
      const last = prints().at(-1)?.price
      return tick?.bids[0] && tick.asks[0] ? { bid: tick.bids[0][0], ask: tick.asks[0][0], last } : undefined
    }
    load = new OrderLoad(api, users, quote, {
      spotSymbol: SPOT,
      spotAmount: '10',
      pricePrecision: 4,
      micro: { symbol: 'btcusdt', duration: 5, amount: '1' },
      // Maintenance 0.499 % at 200× (margin 0.5 %) with 4.9 USDT for 4.85 of margin: a move of ~0.005 % liquidates.
      futures: { symbol: FUTURES, amount: '0.01', leverage: 200, margin: '4.9' },
      pauseMs: 100,
    })
  }, 240_000)

  afterAll(async () => {
    await load?.stop().catch(() => {})
    for (const s of streams) s.close()
    feed?.ws.terminate()
    await Promise.all([...procs.values()].map((p) => p.server.stop()))
    await watcher?.end()
    await database?.close()
    const nc = await open('cleanup')
    await (await jetstreamManager(nc)).streams.delete(subjects(prefix).userStream).catch(() => false)
  }, 60_000)

  /**
   * What process `name` does inside a transaction now: what it ran last while it waits between two statements
   * (`idle in transaction`, e.g. the relay waiting for NATS with its rows locked), or the statement it runs in a
   * transaction that wrote or locked rows already (an xid).
   */
  const inTransaction = async (name: string) =>
    (
      await query<{ q: string }>(
        `select case when state = 'active' then '' else state || ' after ' end || query as q from pg_stat_activity
         where application_name = $1 and (state like 'idle in transaction%' or state = 'active' and backend_xid is not null)`,
        [name],
      )
    ).map((r) => r.q.replace(/\s+/g, ' ').slice(0, 100))

  /** Why now is a moment to kill (what is in flight), or undefined when it is not. */
  type Ready = () => Promise<string | undefined>

  /** SIGKILL to `name` as soon as `ready()` says why (checked back to back), or after `timeoutMs` anyway. */
  const killWhen = async (name: string, ready: Ready, timeoutMs = 20_000) => {
    const started = Date.now()
    const deadline = started + timeoutMs
    let why: string | undefined
    while (why === undefined && Date.now() < deadline) {
      why = await ready()
      // Lets the load's answers in between (a check answered without a query would spin on microtasks alone).
      await new Promise((r) => setImmediate(r))
    }
    await procs.get(name)!.server.kill9()
    return { why, waitedMs: Date.now() - started, at: performance.now(), wall: new Date() }
  }

  /** Each user's last seq in the outbox now. */
  const lastSeqs = async () =>
    new Map(
      (await query<{ user_id: number; s: string }>(`select user_id, last_seq as s from user_stream_seq`)).map((r) => [
        r.user_id,
        Number(r.s),
      ]),
    )

  /**
   * One round: the stream runs, `name` is killed when `ready()` holds, the stream goes on against the survivors
   * until every client has an event committed after the kill and every user an order acknowledged after it (the
   * recovery), then SURVIVORS_MS more; a replacement starts, the stream stops, things settle, the audit runs.
   */
  const round = async (role: string, name: string, ready: Ready, afterKill?: () => Promise<void>) => {
    const before = figures
    const placedBefore = load.placed()
    load.microOn = true
    load.start()
    await expect.poll(() => load.placed() - placedBefore, { timeout: 30_000 }).toBeGreaterThan(5)
    const lostBefore = api.lostAnswers
    const refusedBefore = api.refusedConnections
    const resumesBefore = streams.map((s) => ({ ...s.stats }))
    const kill = await killWhen(name, ready)
    const watching = afterKill?.()
    const atKill = await lastSeqs()
    const ackedAtKill = load.placed()
    const recovered = await Promise.all([
      ...users.map((u) => u.stream.reach((atKill.get(u.id) ?? 0) + 1, 60_000)),
      expect.poll(() => load.placed() - ackedAtKill, { timeout: 60_000 }).toBeGreaterThanOrEqual(USERS),
    ]).then(() => performance.now() - kill.at)
    await new Promise((r) => setTimeout(r, SURVIVORS_MS))
    // Second contracts stop now: those placed settle (5 s) while the replacement starts.
    load.microOn = false
    const restart = performance.now()
    const replaced = procs.get(name)!
    replaced.server = await startRoleServer(replaced.opts)
    const restartMs = performance.now() - restart
    await load.stop()
    await watching
    await settle()
    const audit = await auditCluster(database.db, users, load.record)
    figures = audit.figures
    const delta = (k: keyof AuditFigures) => figures[k] - before[k]
    console.log(
      `round ${role}: killed ${name} ${kill.why ? `mid-way (${kill.why})` : 'NOT mid-way'} ` +
        `after ${kill.waitedMs} ms of looking for the moment; ` +
        `orders placed ${load.placed() - placedBefore} (answers lost and sent again: ${api.lostAnswers - lostBefore}, ` +
        `calls refused at connect and sent to the other api: ${api.refusedConnections - refusedBefore}), ` +
        `fills ${delta('fills')}, cancels ${delta('cancels')}, settlements ${delta('settlements')}, ` +
        `liquidations ${delta('liquidations')}, events ${delta('events')}; ` +
        `recovered in ${recovered.toFixed(0)} ms; replacement up in ${restartMs.toFixed(0)} ms; ` +
        `client resumes ${streams.map((s, i) => s.stats.reconnects - resumesBefore[i]!.reconnects).join('/')} ` +
        `(events by resume ${streams.map((s, i) => s.stats.replayed - resumesBefore[i]!.replayed).join('/')}); ` +
        `refusals so far ${JSON.stringify([...load.record.refused])}`,
    )
    expect(audit.problems).toEqual([])
    expect(streams.flatMap((s) => s.stats.refused)).toEqual([])
    return { kill, lost: api.lostAnswers - lostBefore }
  }

  /** Waits until the relays published everything and every second contract placed is settled. */
  const settle = async () => {
    await expect
      .poll(
        async () =>
          (
            await query<{ n: number }>(
              `select ((select count(*) from user_events where published_at is null)
                 + (select count(*) from micro_orders where status = 'open'))::int as n`,
            )
          )[0]!.n,
        { timeout: 30_000, interval: 100 },
      )
      .toBe(0)
  }

  it('api: answers lost with the api are sent again to the other; every order placed once', async () => {
    // Killed with calls in flight to it and one of its transactions open. Frozen (SIGSTOP) while it is checked, so
    // the call of that transaction cannot be answered between the check and the kill (seen once: a commit that
    // finished and answered in the moment between them); thawed again when it is not the moment.
    const server = procs.get('api-1')!.server
    const r = await round('api', 'api-1', async () => {
      server.freeze()
      const doing = await inTransaction('api-1')
      // Read after the query: the answers it sent before the freeze have reached the load by now.
      const calls = api.inFlight[0]!
      if (calls > 0 && doing.length > 0) return `${calls} calls in flight, in a transaction: ${doing[0]}`
      server.thaw()
      return undefined
    })
    expect(r.kill.why, 'killed with calls in flight and a transaction open').toBeDefined()
    expect(r.lost, 'answers lost with the api').toBeGreaterThan(0)
  }, 120_000)

  it('gateway: its clients resume on the other gateway from the seq they had, missing nothing', async () => {
    const mine = users.filter((u) => u.stream.at === 0)
    const replayedBefore = mine.reduce((n, u) => n + u.stream.stats.replayed, 0)
    // Frozen first (SIGSTOP), then killed once events of its users committed since are not received: it cannot have
    // written those (its users' last seqs read after the freeze bound what it may have sent), so they are certainly
    // not received from it, with no wait for what it did write to arrive.
    let frozenAt: Map<number, number> | undefined
    const r = await round('gateway', 'gateway-1', async () => {
      if (!frozenAt) {
        procs.get('gateway-1')!.server.freeze()
        frozenAt = await lastSeqs()
      }
      const last = await lastSeqs()
      const seen = (u: (typeof mine)[number]) => Math.max(frozenAt!.get(u.id) ?? 0, u.stream.max())
      const pending = mine.reduce((n, u) => n + Math.max(0, (last.get(u.id) ?? 0) - seen(u)), 0)
      return pending > 0 ? `${pending} events of its clients committed since it froze, not received` : undefined
    })
    expect(r.kill.why, 'killed with events of its clients pending').toBeDefined()
    const replayed = mine.reduce((n, u) => n + u.stream.stats.replayed, 0) - replayedBefore
    expect(replayed, 'events its clients received by resuming').toBeGreaterThan(0)
  }, 120_000)

  it('engine: the engine matching the market dies mid-work; the other takes its partitions and fills go on', async () => {
    const p = symbolPartition(SPOT)
    const holder = async (partition: number) =>
      (
        await query<{ pid: number }>(
          `select pid from pg_locks where locktype = 'advisory' and classid = $1 and objid = $2 and objsubid = 2
             and granted and database = (select oid from pg_database where datname = current_database())`,
          [LEASE_NS.partition, partition],
        )
      )[0]?.pid
    // The two engines split the partitions: the market's is not held by the ingest's engine (which holds 0).
    await expect
      .poll(async () => [await holder(0), await holder(p)].filter(Boolean).length, { timeout: 15_000 })
      .toBe(2)
    expect(await holder(0)).not.toBe(await holder(p))
    let takeover = 0
    const dying = await holder(p)
    const r = await round(
      'engine',
      'engine-2',
      async () => {
        // Orders open at or above the last print: the next prints likely trade through them.
        const last = prints().at(-1)
        const [open] = await query<{ n: number }>(
          `select count(*)::int as n from spot_orders where symbol = $1 and status in ('pending', 'partially_filled')
             and price >= $2`,
          [SPOT, last?.price ?? Infinity],
        )
        const doing = open!.n > 0 ? await inTransaction('engine-2') : []
        return doing.length > 0
          ? `${open!.n} orders at or above the last print open, in a transaction: ${doing[0]}`
          : undefined
      },
      async () => {
        for (let h = await holder(p); !h || h === dying; h = await holder(p)) await new Promise((r) => setTimeout(r, 5))
        takeover = Date.now()
      },
    )
    // The prints of the gap between the kill and the takeover (and the dying engine's last half second) still
    // within the market's price max age at the takeover: each one through an open order fills it.
    const killed = r.kill.wall.getTime()
    const maxAge = await priceMaxAgeMs(database.db, SPOT)
    const gap = prints().filter((x) => x.ts >= Math.max(killed - 500, takeover - maxAge + 200) && x.ts <= takeover)
    const through = await printsThroughOpenOrders(database.db, SPOT, gap)
    const lost = through.filter((x) => x.cited === 0)
    console.log(
      `round engine: partition of ${SPOT} taken over ${takeover - killed} ms after the kill; ` +
        `${gap.length} prints from before the kill to the takeover, ${through.length} through open orders, ` +
        `${lost.length} of them without a fill`,
    )
    expect(lost, 'prints of the takeover gap through open orders that filled nothing').toEqual([])
    expect(r.kill.why, 'killed in a transaction, with orders of its market open').toBeDefined()
    expect(await fillsSince(r.kill.wall), 'fills by the matcher after the kill').toBeGreaterThan(0)
  }, 120_000)

  it('jobs: a relay or settlement transaction cut by the kill is done again by the other jobs process', async () => {
    const r = await round('jobs', 'jobs-1', async () => {
      const doing = await inTransaction('jobs-1')
      return doing.length > 0 ? `in a transaction: ${doing[0]}` : undefined
    })
    expect(r.kill.why, 'killed with a relay or settlement transaction open').toBeDefined()
  }, 120_000)

  /** The prints of the spot market heard so far on its public trade channel. */
  const prints = () =>
    feed.messages
      .filter((m) => m.ch === `market.${SPOT}.trade.detail`)
      .flatMap((m) => (m.tick as { data: Print[] }).data)

  /** Fills the matcher made (from feed trades) since `t`. */
  const fillsSince = async (t: Date) =>
    (
      await rowsOf<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from spot_fills where feed_ref like 'trade:%' and created_at > ${t.toISOString()}::timestamptz`,
      )
    )[0]!.n
})
