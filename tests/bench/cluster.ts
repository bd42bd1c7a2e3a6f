/**
 * `npm run bench -- cluster` (issue 22 part 7): the venue as a cluster of role processes on this machine, measured.
 *
 * `npm run cluster -- --api 2 --gateway 2` (1 ingest, 2 api, 2 gateway, 1 engine, 1 jobs: every role its own
 * process, on a fresh PostgreSQL database and a NATS prefix of this run) carries parts 1, 2 and 4; part 3 has a
 * database of its own (cluster-risk.ts). Every client and load generator runs in a process of its own
 * (cluster-clients.ts, cluster-http-load.ts).
 *
 * 1. User-event latency: USERS signed-in users (bulk-inserted with sessions, credited 10 USDT each in one batch) on
 *    gateway 1's `/ws/v2`, each subscribed to `accounts.update`; this process makes TRANSFERS_PER_S transfers a second
 *    for DRIVE_S seconds through the money service (server/money/transfers.ts, what `assets/transfer` runs), 1 USDT
 *    spot → option and back, round-robin over the users: each one transaction writing two `accounts.update` events
 *    (one per wallet) into the outbox, so 2 × TRANSFERS_PER_S = 200 events a second, which the jobs process relays
 *    onto NATS and the gateway pushes. Transfers, not deposits: every deposit updates the platform's one `deposits`
 *    account, whose row lock each deposit holds through its commit's WAL flush, so deposits run one at a time (63/s
 *    on this machine when tried) and could not offer 200 events a second; a transfer touches only its user's rows.
 *    Latency = the push's receipt − the transaction's commit, both taken in the client process: the commit when
 *    PostgreSQL delivers the outbox NOTIFY (sent at commit, as stream-screen.ts reads it). Rows: p50, p95
 *    (target ≤ 200 ms), p99, delivered ÷ written.
 * 2. Market fan-out, 1 vs 2 gateways, and 4. API requests/s, 1 vs 2 api processes: cluster-loads.ts.
 * 3. Risk tick, 1 vs 2 engines: cluster-risk.ts.
 *
 * Every note carries the CPU count: on 2 cores the 2-vs-1 ratios are bounded by the cores, which every process of the
 * cluster, PostgreSQL, NATS and the load generators share (cluster-scaling.ts says what each ratio shows). Cleanup
 * runs whatever fails: the load generators, the cluster (cluster-command.ts kills every process it started), the
 * NATS stream of the prefix and both databases.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { jetstreamManager } from '@nats-io/jetstream'
import { parseDecimal } from '../../common/amount'
import { closeNats, connectNats } from '../../server/bus/nats'
import { subjects } from '../../server/bus/subjects'
import { openDatabase, type Database } from '../../server/db/client'
import { moneyTransaction } from '../../server/ledger/idempotent'
import { postTransactions } from '../../server/ledger/post-many'
import { transfer } from '../../server/money/transfers'
import { freePortRange } from '../helpers/app-server'
import { runClusterCommand, type ClusterCommand } from '../helpers/cluster-command'
import { NATS_TEST_URL, testPrefix } from '../helpers/nats'
import { createPgTestDatabase } from '../helpers/server-db'
import { makeUsers, type TestUser } from '../helpers/server-users'
import { forkRpc, type ChildRpc } from './child-rpc'
import { apiRows, fanoutRows } from './cluster-loads'
import { riskTickRows } from './cluster-risk'
import { int, machineNote, progress } from './cluster-scaling'
import { percentile } from './stats'
import { PartialBenchError, type BenchResult } from './types'

const USERS = 1000
/** Transfers a second; each writes 2 events: 200 events a second. */
const TRANSFERS_PER_S = 100
const EVENTS_PER_TRANSFER = 2
const DRIVE_S = 20
const TARGET_P95_MS = 200
const TEN = parseDecimal('10')
const TEN_NEG = parseDecimal('-10')
/** Transfers in flight at once at most (the driver catches up after a slow moment, up to this). */
const MAX_IN_FLIGHT = 32
/** ms the cluster may take to say all its processes are up (each migrates, seeds and loads the market). */
const UP_MS = 180_000
const UP = /^cluster: \d+ processes up; Ctrl-C stops them all$/

const CLIENTS = fileURLToPath(new URL('./cluster-clients.ts', import.meta.url))
const HTTP_LOAD = fileURLToPath(new URL('./cluster-http-load.ts', import.meta.url))

/** Credits every user 10 USDT in its spot wallet: one transaction (a batch of deposits, written before the test). */
async function credit(database: Database, users: TestUser[]): Promise<void> {
  await moneyTransaction(database.db, (tx) =>
    postTransactions(
      tx,
      users.map((u) => ({
        kind: 'deposit' as const,
        book: 'live' as const,
        userId: u.id,
        reference: `bench-cluster-credit-${u.id}`,
        actor: 'system',
        entries: [
          { owner: { system: 'deposits' as const }, currency: 'USDT', bucket: 'available' as const, amount: TEN_NEG },
          {
            owner: { userId: u.id, wallet: 'spot' as const },
            currency: 'USDT',
            bucket: 'available' as const,
            amount: TEN,
          },
        ],
      })),
    ),
  )
}
/** Transfer n of the run: 1 USDT of user n mod USERS, spot → option on its odd rounds, back on its even ones. */
function transferOf(database: Database, users: TestUser[], n: number): Promise<unknown> {
  const user = users[n % users.length]!
  const out = Math.floor(n / users.length) % 2 === 0
  return transfer(
    { db: database.db },
    { userId: user.id, book: 'live', key: randomUUID() },
    { currency: 'USDT', from: out ? 'spot' : 'option', to: out ? 'option' : 'spot', amount: parseDecimal('1') },
  )
}

/**
 * Calls `send(n)` for n = 0 … rate × seconds − 1 at `rate` per second from now (open loop: on schedule, whatever the
 * answers take, with at most MAX_IN_FLIGHT waiting); answers how many succeeded and failed, and the seconds it took.
 */
async function drive(rate: number, seconds: number, send: (n: number) => Promise<unknown>) {
  const total = rate * seconds
  const running = new Set<Promise<void>>()
  let sent = 0
  let failed = 0
  let firstError = ''
  const t0 = performance.now()
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * rate) + 1)
    while (sent < due && running.size < MAX_IN_FLIGHT) {
      const p: Promise<void> = send(sent++).then(
        () => undefined,
        (err: unknown) => {
          failed++
          firstError ||= err instanceof Error ? err.message : String(err)
        },
      )
      running.add(p)
      void p.finally(() => running.delete(p))
    }
    await new Promise((r) => setTimeout(r, 5))
  }
  await Promise.all(running)
  return { committed: sent - failed, failed, firstError, seconds: (performance.now() - t0) / 1000 }
}

/** Part 1 (see the header) with the users on `gateway` (a ws:// origin). */
async function userEventRows(
  database: Database,
  databaseUrl: string,
  clients: ChildRpc,
  gateway: string,
  users: TestUser[],
): Promise<BenchResult[]> {
  await credit(database, users)
  await clients.call('openUsers', { url: `${gateway}/ws/v2`, databaseUrl, users, perCommit: EVENTS_PER_TRANSFER })
  const sent = await drive(TRANSFERS_PER_S, DRIVE_S, (n) => transferOf(database, users, n))
  const written = sent.committed * EVENTS_PER_TRANSFER
  const heard = await clients.call<{ latencies: number[]; received: number; notified: number; closed: number }>(
    'userLatencies',
    { expect: written, timeoutMs: 15_000 },
  )
  await clients.call('closeUsers')
  const ms = heard.latencies
  if (ms.length === 0) throw new Error(`no push matched a commit: ${JSON.stringify({ ...heard, latencies: [] })}`)
  const p = (q: number) => Math.round(percentile(ms, q) * 10) / 10
  const p95 = p(95)
  const rate = written / sent.seconds
  const setup =
    `${int(USERS)} users on one gateway's /ws/v2 (accounts.update), ${int(written)} events in ` +
    `${sent.seconds.toFixed(1)} s (${rate.toFixed(0)}/s: ${int(sent.committed)} transfers, 2 events each) → outbox → ` +
    `jobs relay → NATS → gateway; commit = PostgreSQL's NOTIFY, both clocks the client process's; ${machineNote()}`
  const delivered = (100 * ms.length) / written
  const report = (name: string, value: number, unit: string, note: string): BenchResult => ({
    name,
    value,
    unit,
    target: 'report',
    pass: true,
    report: true,
    note,
  })
  return [
    report('cluster user event: commit → client, p50', p(50), 'ms', setup),
    {
      name: 'cluster user event: commit → client, p95',
      value: p95,
      unit: 'ms',
      target: `≤ ${TARGET_P95_MS} ms`,
      pass: p95 <= TARGET_P95_MS,
      note: `p50 ${p(50)} / p95 ${p95} / p99 ${p(99)} / max ${p(100)} ms over ${int(ms.length)} events; ${setup}`,
    },
    report('cluster user event: commit → client, p99', p(99), 'ms', setup),
    report(
      'cluster user event: delivered ÷ written',
      Math.round(delivered * 10) / 10,
      '%',
      `${int(ms.length)} pushes matched to their commits of ${int(written)} events written ` +
        `(${int(heard.received)} pushes, ${int(heard.notified)} NOTIFYs heard, ${heard.closed} sockets closed` +
        `${sent.failed ? `, ${sent.failed} transfers failed: ${sent.firstError}` : ''}); ${machineNote()}`,
    ),
  ]
}

/** Removes the user-event stream of `prefix` from NATS (the cluster created it). */
async function deleteStream(prefix: string): Promise<void> {
  const nc = await connectNats({ url: NATS_TEST_URL, role: 'bench-cleanup' })
  try {
    const jsm = await jetstreamManager(nc)
    await jsm.streams.delete(subjects(prefix).userStream).catch(() => false)
  } finally {
    await closeNats(nc)
  }
}

/** Parts 1, 2 and 4 on one cluster. */
async function clusterRows(): Promise<BenchResult[]> {
  const created = await createPgTestDatabase()
  if ('unavailable' in created) throw new Error(created.unavailable)
  const prefix = testPrefix()
  let cluster: ClusterCommand | undefined
  let database: Database | undefined
  const children: ChildRpc[] = []
  try {
    const base = await freePortRange(4)
    cluster = runClusterCommand(['--api', '2', '--gateway', '2'], {
      HOST: '127.0.0.1',
      PORT: String(base),
      MARKET_PORT: String(base + 2),
      MARKET_PUBLIC_PORT: '',
      MARKET_SOURCE: 'sim',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'tc-bench-cluster-')),
      DATABASE_URL: created.url,
      NATS_URL: NATS_TEST_URL,
      NATS_PREFIX: prefix,
    })
    const t0 = performance.now()
    await cluster.waitForLine(UP, UP_MS)
    progress(`cluster of 7 processes up in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
    const pid = (name: string) => cluster!.upLines().find((l) => l.name === name)!.pid
    const apis = [1, 2].map((i) => ({ url: `http://127.0.0.1:${base + i - 1}`, pid: pid(`api#${i}`) }))
    const gateways = [1, 2].map((i) => ({ url: `ws://127.0.0.1:${base + 1 + i}`, pid: pid(`gateway#${i}`) }))
    database = await openDatabase({ databaseUrl: created.url })
    const users = await makeUsers(database.db, USERS)
    const clients = forkRpc(CLIENTS)
    const http = forkRpc(HTTP_LOAD)
    children.push(clients, http)
    progress(
      `1. user-event latency: ${int(USERS)} users, ${TRANSFERS_PER_S * EVENTS_PER_TRANSFER} events/s for ${DRIVE_S} s`,
    )
    const rows = await userEventRows(database, created.url, clients, gateways[0]!.url, users)
    progress('2. market fan-out: 1 vs 2 gateways')
    rows.push(...(await fanoutRows(clients, gateways)))
    progress('4. API requests/s: 1 vs 2 api processes')
    rows.push(...(await apiRows(http, apis, users)))
    return rows
  } finally {
    await Promise.all(children.map((c) => c.stop()))
    await cluster?.kill()
    await database?.close()
    await deleteStream(prefix).catch((err: Error) => console.error(`NATS stream of ${prefix}: ${err.message}`))
    await created.drop()
  }
}

/** Runs the four parts (see the header); answers their rows. @throws PartialBenchError with the rows measured */
export async function runClusterBench(): Promise<BenchResult[]> {
  const rows: BenchResult[] = []
  const failed: unknown[] = []
  // Both run whatever the other did: a failure of one costs its own rows only.
  for (const part of [clusterRows, riskTickRows]) {
    try {
      rows.push(...(await part()))
    } catch (err) {
      failed.push(err)
    }
  }
  if (failed.length > 0) throw new PartialBenchError(rows, failed[0])
  return rows
}
