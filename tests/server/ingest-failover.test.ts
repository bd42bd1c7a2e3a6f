/**
 * One active ingest and one standby (issue 22 part 4), as real child processes with ROLES=ingest on one fresh
 * PostgreSQL database and one NATS server under a prefix of this run, followed from the test as any other role
 * follows them (a NatsMarketSource, the marks on NATS): only the lease holder publishes while the other
 * says it is standby; kill -9 of the active one has the standby publishing and the marks flowing again within 10 s
 * (the gap is printed), with the follower re-synced to the new publisher; an active ingest whose lease connection is
 * terminated exits with code 75 and stops publishing before the next one takes over.
 */
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { INGEST_LEASE_LOST_EXIT_CODE, INGEST_LEASE_SESSION_NAME } from '../../server/cluster/ingest-lease'
import { LEASE_NS } from '../../server/cluster/lease'
import { NatsMarketSource } from '../../server/bus/market-source'
import { subscribeMarks } from '../../server/bus/marks'
import { closeNats, connectNats, type NatsConnection } from '../../server/bus/nats'
import { subjects } from '../../server/bus/subjects'
import type { MarkSnapshot } from '../../server/trading/contract/marks'
import { describeCluster, NATS_TEST_URL, testPrefix } from '../helpers/nats'
import { startRoleServer, type RoleServer } from '../helpers/role-server'

/** What a second ingest prints once it knows whether it is the standby or active. */
const ROLE_LINE = /^\[ingest\] (standby|active)\b/
const STANDBY_LINE = '[ingest] standby: another ingest is active; taking over when it stops'

await describeCluster('ingest failover (two ROLES=ingest processes)', (pgDatabase) => {
  const prefix = testPrefix()
  const common = { roles: 'ingest', databaseUrl: pgDatabase.url, natsUrl: NATS_TEST_URL, natsPrefix: prefix }
  const servers: RoleServer[] = []
  /** Every market message heard on NATS: when, and which publisher sent it. */
  const heard: { at: number; origin: string }[] = []
  /** Every btcusdt mark heard: when. */
  const marks: { at: number; mark: MarkSnapshot }[] = []
  const stops: (() => unknown)[] = []
  let nc: NatsConnection
  let follower: NatsMarketSource
  /** The btcusdt events the follower delivered: when, and their event time. */
  const feed: { at: number; ts: number }[] = []
  let active: RoleServer
  let standby: RoleServer

  /** Starts an ingest process; a second one is awaited until it says whether it is standby or active. */
  const startIngest = async (second: boolean) => {
    const s = await startRoleServer({ ...common, ...(second ? { readyLine: ROLE_LINE } : {}) })
    servers.push(s)
    return s
  }
  /** The publisher origin a process logged once active. */
  const originOf = async (s: RoleServer, timeoutMs?: number) =>
    (await s.waitForLine(/^\[ingest\] publishing the market feed as origin /, timeoutMs)).split(' ').at(-1)!
  const originsSince = (t: number) => new Set(heard.filter((h) => h.at > t).map((h) => h.origin))

  beforeAll(async () => {
    const head = new TextDecoder()
    active = await startIngest(false)
    nc = await connectNats({ url: NATS_TEST_URL, role: 'test-follower' })
    const sub = nc.subscribe(subjects(prefix).allMarkets, {
      callback: (err, msg) => {
        // The origin leads each message (`{"v":…,"o":"…",`): read it without parsing a history of megabytes.
        const origin = err ? undefined : /^\{"v":\d+,"o":"([^"]+)"/.exec(head.decode(msg.data.subarray(0, 100)))?.[1]
        if (origin) heard.push({ at: Date.now(), origin })
      },
    })
    stops.push(() => sub.unsubscribe())
    stops.push(await subscribeMarks(nc, (mark) => marks.push({ at: Date.now(), mark }), { prefix, symbol: 'btcusdt' }))
    follower = await NatsMarketSource.connect(nc, { prefix })
    // Into a sink that keeps btcusdt's events, not a Hub: re-applying a new sim publisher's history (18 × 4,320
    // bars) to a Hub that holds bars costs seconds of this process's time, which would delay the marks measured here.
    await follower.start({
      event: (e) => void (e.symbol === 'btcusdt' && feed.push({ at: Date.now(), ts: e.ts })),
      history: () => {},
    })
    stops.push(() => follower.stop())
  }, 240_000)

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop()
    await Promise.all(servers.map((s) => s.stop()))
    if (nc) await closeNats(nc)
  }, 30_000)

  it('publishes from the lease holder only, while the second ingest says it is the standby', async () => {
    const origin = await originOf(active)
    expect(active.output()).toContain('[ingest] active\n')
    standby = await startIngest(true)
    expect(standby.startLine).toBe(STANDBY_LINE)
    // A while of feed after the standby came up: every message from the active process.
    const since = Date.now()
    await expect.poll(() => heard.filter((h) => h.at > since).length, { timeout: 10_000 }).toBeGreaterThan(50)
    expect(originsSince(0)).toEqual(new Set([origin]))
    expect(follower.position('btcusdt')!.origin).toBe(origin)
    await expect.poll(() => marks.some((m) => m.at > since), { timeout: 10_000 }).toBe(true)
    expect(standby.output()).not.toMatch(/\[ingest\] active|^TC Market:|publishing the market feed/m)
  }, 180_000)

  it('has the standby take over within 10 s of kill -9 of the active ingest: marks and followers resume', async () => {
    const old = await originOf(active)
    const lastOld = marks.at(-1)!.at
    const activeLine = standby.waitForLine(/^\[ingest\] active$/, 15_000).then(() => Date.now())
    process.kill(-active.pid, 'SIGKILL')
    const killedAt = Date.now()
    expect(await active.exited).toBeNull()
    // The first mark computed after the kill comes from the standby (the killed process computes nothing more).
    const next = () => marks.find((m) => m.at > killedAt && m.mark.ts > killedAt)
    await expect.poll(next, { timeout: 10_000 }).toBeDefined()
    const first = next()!
    const gap = first.at - killedAt
    console.log(
      `ingest failover: standby active ${(await activeLine) - killedAt} ms, first mark computed ` +
        `${first.mark.ts - killedAt} ms and received ${gap} ms after kill -9 (no mark for ${first.at - lastOld} ms)`,
    )
    expect(gap).toBeLessThan(10_000)
    await standby.waitForLine(/^TC Market: .* roles ingest · pid \d+$/, 10_000)
    const origin = await originOf(standby, 10_000)
    // The follower re-synced to the new publisher and delivers its feed.
    await expect.poll(() => follower.position('btcusdt')?.origin, { timeout: 10_000 }).toBe(origin)
    await expect.poll(() => feed.some((e) => e.ts > killedAt), { timeout: 10_000 }).toBe(true)
    // Never two publishers: nothing of the old one after the first message of the new one.
    const firstNew = heard.find((h) => h.origin === origin)!.at
    expect(originsSince(firstNew)).toEqual(new Set([origin]))
    expect(originsSince(killedAt - 1000)).toEqual(new Set([old, origin]))
    active = standby
  }, 60_000)

  it('stops an active ingest whose lease connection is lost: exit 75, nothing published after it', async () => {
    const old = await originOf(active)
    standby = await startIngest(true)
    expect(standby.startLine).toBe(STANDBY_LINE)
    const admin = new pg.Client({ connectionString: pgDatabase.url })
    await admin.connect()
    try {
      const { rows } = await admin.query<{ ok: boolean }>(
        `select pg_terminate_backend(a.pid) as ok from pg_stat_activity a join pg_locks l on l.pid = a.pid
          where a.application_name = $1 and a.datname = current_database()
            and l.locktype = 'advisory' and l.granted and l.classid = $2::int::oid`,
        [INGEST_LEASE_SESSION_NAME, LEASE_NS.ingest],
      )
      expect(rows).toEqual([{ ok: true }])
    } finally {
      await admin.end()
    }
    const running = new Promise<string>((done) => setTimeout(() => done('still running 10 s later'), 10_000).unref())
    expect(await Promise.race([active.exited, running])).toBe(INGEST_LEASE_LOST_EXIT_CODE)
    expect(active.output()).toMatch(/^\[ingest\] ERROR lost the ingest lease \(.*\): stopping at once, exit 75/m)
    const origin = await originOf(standby, 10_000)
    await expect.poll(() => follower.position('btcusdt')?.origin, { timeout: 10_000 }).toBe(origin)
    const firstNew = heard.find((h) => h.origin === origin)!.at
    const lastOld = heard.filter((h) => h.origin === old).at(-1)!.at
    expect(lastOld).toBeLessThan(firstNew)
    expect(originsSince(firstNew)).toEqual(new Set([origin]))
  }, 180_000)
})
