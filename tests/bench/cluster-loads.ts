/**
 * Parts 2 and 4 of `npm run bench -- cluster` (cluster.ts runs them on its cluster of 2 api and 2 gateway processes,
 * both loaded by processes of their own):
 *
 * - market fan-out: MARKET_CLIENTS market-websocket clients subscribed to TOPICS, all on gateway 1, or half on each
 *   gateway (both gateway processes run in both cases, following the one ingest over NATS); pushes delivered per
 *   second over WINDOW_MS, MIN_RUNS rounds of each, alternating which goes first. Three fleets of half the clients
 *   stay connected throughout (two on gateway 1, one on gateway 2) and only their subscriptions change, so a round
 *   costs no reconnects. The feed sets what there is to deliver: one client alone (before the fleets subscribe)
 *   measures it, and "offered" is that rate times MARKET_CLIENTS.
 * - API requests/s: a signed-in GET (assets/overview, the user's balances, one user per connection) and a public one
 *   (common/config, served from memory), against api 1 alone or api 1 and api 2 together, each with the same two
 *   autocannon instances of API_CONNECTIONS connections (both on api 1, or one on each), MIN_RUNS alternating rounds.
 */
import type { TestUser } from '../helpers/server-users'
import type { ChildRpc } from './child-rpc'
import type { LoadRun } from './cluster-http-load'
import { cores, CPUS, int, machineNote, scalingNote, withCores } from './cluster-scaling'
import { MIN_RUNS, percentile, summarize, type Summary } from './stats'
import type { BenchResult } from './types'

export const MARKET_CLIENTS = 5000
/** What each market client subscribes to: the tickers of three markets and the book of one. */
const TOPICS = ['market.btcusdt.ticker', 'market.ethusdt.ticker', 'market.solusdt.ticker', 'market.btcusdt.depth.step0']
/** Counting window of one round, ms; SETTLE_MS after a change of subscriptions first. */
const WINDOW_MS = 5000
const SETTLE_MS = 1000
/** Connections of each of the two autocannon instances; seconds per run. */
const API_CONNECTIONS = 10
const API_SECONDS = 3

/** One load run with the cores each api process used meanwhile. */
type Run = LoadRun & { cores: number[] }

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A report row: no target, so no verdict. */
function row(name: string, value: number, unit: string, note: string): BenchResult {
  return { name, value, unit, target: 'report', pass: true, report: true, note }
}

/** A role process of the cluster: its origin (http:// or ws://) and pid. */
export interface RoleProcess {
  url: string
  pid: number
}

/** The median of each process's cores over runs (`runs[i][j]`: run i, process j). */
function medianCores(runs: number[][]): number[] {
  return runs[0]!.map((_, j) =>
    percentile(
      runs.map((r) => r[j]!),
      50,
    ),
  )
}

interface Count {
  pushes: number
  seconds: number
  closed: number
}

/** Part 2 on `gateways` (2); `clients` is the cluster-clients.ts child. */
export async function fanoutRows(clients: ChildRpc, gateways: RoleProcess[]): Promise<BenchResult[]> {
  const [gw1, gw2] = gateways.map((g) => `${g.url}/ws`)
  const pids = gateways.map((g) => g.pid)
  const half = MARKET_CLIENTS / 2
  // The feed's rate to one subscriber, measured on an idle gateway.
  await clients.call('openMarket', { fleet: 'probe', url: gw1, clients: 1 })
  await clients.call('subscribe', { fleet: 'probe', topics: TOPICS })
  await wait(SETTLE_MS)
  const probe = await clients.call<Count>('countPushes', { fleets: ['probe'], ms: WINDOW_MS })
  await clients.call('subscribe', { fleet: 'probe', topics: TOPICS, off: true })
  const perClient = probe.pushes / probe.seconds
  await clients.call('openMarket', { fleet: 'a', url: gw1, clients: half })
  await clients.call('openMarket', { fleet: 'b', url: gw1, clients: half })
  await clients.call('openMarket', { fleet: 'c', url: gw2, clients: half })
  await clients.call('subscribe', { fleet: 'a', topics: TOPICS })
  let second: 'b' | 'c' | undefined
  const measure = async (other: 'b' | 'c') => {
    if (second !== other) {
      if (second) await clients.call('subscribe', { fleet: second, topics: TOPICS, off: true })
      await clients.call('subscribe', { fleet: other, topics: TOPICS })
      second = other
      await wait(SETTLE_MS)
    }
    const { value: c, cores } = await withCores(pids, () =>
      clients.call<Count>('countPushes', { fleets: ['a', other], ms: WINDOW_MS }),
    )
    return { rate: c.pushes / c.seconds, closed: c.closed, cores }
  }
  const one: number[] = []
  const two: number[] = []
  const oneCores: number[][] = []
  const twoCores: number[][] = []
  let closed = 0
  for (let round = 0; round < MIN_RUNS; round++) {
    const order: ('b' | 'c')[] = round % 2 === 0 ? ['b', 'c'] : ['c', 'b']
    for (const other of order) {
      const m = await measure(other)
      ;(other === 'b' ? one : two).push(m.rate)
      ;(other === 'b' ? oneCores : twoCores).push(m.cores)
      closed = Math.max(closed, m.closed)
    }
  }
  await clients.call('closeMarket')
  const oneS = summarize(one, 'msgs/s', 0)
  const twoS = summarize(two, 'msgs/s', 0)
  const offered = perClient * MARKET_CLIENTS
  const ratio = twoS.median / oneS.median
  const share = (s: Summary) => `${Math.round((100 * s.median) / offered)} % of offered`
  const [c1, idle] = medianCores(oneCores)
  const [c2a, c2b] = medianCores(twoCores)
  const perCore = oneS.median / c1!
  const cpu =
    `gateway CPU (medians): on 1 gateway ${cores(c1!)} core (the other, idle, ${cores(idle!)}), ` +
    `on 2 gateways ${cores(c2a!)} + ${cores(c2b!)} core: one gateway delivers ≈ ${int(perCore)} msgs per CPU-second`
  const setup =
    `${int(MARKET_CLIENTS)} clients in a load-generator process, each on ${TOPICS.join(', ')}; ` +
    `offered ${int(offered)} msgs/s (one client alone got ${perClient.toFixed(1)}/s)` +
    `${closed ? `; ${closed} clients dropped by a gateway` : ''}; ${machineNote()}`
  const reading =
    Math.min(oneS.median, twoS.median) >= 0.95 * offered
      ? `both delivered what the feed offered, so the ratio cannot exceed 1: at this load one gateway is enough ` +
        `(it used ${cores(c1!)} of a core), and the cores bound what more gateways could add, not the offered load`
      : scalingNote(ratio)
  return [
    row(
      'cluster fan-out: 5,000 clients on 1 gateway',
      Math.round(oneS.median),
      'msgs/s',
      `${oneS.spread}, ${share(oneS)}; ${setup}`,
    ),
    row(
      'cluster fan-out: 5,000 clients on 2 gateways',
      Math.round(twoS.median),
      'msgs/s',
      `${twoS.spread}, ${share(twoS)}; half the clients on each; ${setup}`,
    ),
    row(
      'cluster fan-out: 2 gateways ÷ 1 gateway',
      Math.round(ratio * 100) / 100,
      '×',
      `the medians' ratio; ${reading}; ${cpu}; ${machineNote()}`,
    ),
  ]
}

/** Part 4 on `apis` (2) with `users`' tokens; `http` is the cluster-http-load.ts child. */
export async function apiRows(http: ChildRpc, apis: RoleProcess[], users: TestUser[]): Promise<BenchResult[]> {
  const [api1, api2] = apis.map((a) => a.url) as [string, string]
  const pids = apis.map((a) => a.pid)
  const tokens = users.slice(0, 2 * API_CONNECTIONS).map((u) => u.token)
  const routes = [
    { path: '/api/assets/overview', tokens, what: 'signed in, the user’s balances, one user per connection' },
    { path: '/api/common/config', tokens: [], what: 'public, served from memory' },
  ]
  const run = async (urls: string[], tokens: string[], seconds = API_SECONDS) => {
    const { value, cores } = await withCores(pids, () =>
      http.call<LoadRun>('run', { urls, connections: API_CONNECTIONS, durationS: seconds, tokens }),
    )
    return { ...value, cores }
  }
  for (const r of routes) await run([api1 + r.path, api2 + r.path], r.tokens, 2) // warm-up: JIT, caches, pools
  const rows: BenchResult[] = []
  for (const r of routes) {
    const one: Run[] = []
    const two: Run[] = []
    for (let round = 0; round < MIN_RUNS; round++) {
      const runOne = async () => one.push(await run([api1 + r.path, api1 + r.path], r.tokens))
      const runTwo = async () => two.push(await run([api1 + r.path, api2 + r.path], r.tokens))
      if (round % 2 === 0) await runOne().then(runTwo)
      else await runTwo().then(runOne)
    }
    const s1 = summarize(
      one.map((x) => x.rps),
      'req/s',
      0,
    )
    const s2 = summarize(
      two.map((x) => x.rps),
      'req/s',
      0,
    )
    const p99 = (runs: Run[]) =>
      summarize(
        runs.map((x) => x.p99),
        'ms',
        0,
      ).median
    const failed = [...one, ...two].reduce((n, x) => n + x.failed, 0)
    const ratio = s2.median / s1.median
    const name = r.path.replace('/api/', '')
    const [o1, idle] = medianCores(one.map((x) => x.cores))
    const [t1, t2] = medianCores(two.map((x) => x.cores))
    const cpu =
      `api CPU (medians): 1 api ${cores(o1!)} core (the other, idle, ${cores(idle!)}), ` +
      `2 api ${cores(t1!)} + ${cores(t2!)} core; the rest of the ${CPUS} cores went to PostgreSQL, the load ` +
      `generator, the other roles and the machine's other work`
    const load =
      `GET ${name} (${r.what}); 2 autocannon instances × ${API_CONNECTIONS} connections in a load-generator process, ` +
      `${API_SECONDS} s per run${failed ? `; ${failed} failed answers` : ''}; ${machineNote()}`
    rows.push(
      row(
        `cluster API ${name}: 1 api process`,
        Math.round(s1.median),
        'req/s',
        `${s1.spread}, p99 ${p99(one)} ms; ${load}`,
      ),
      row(
        `cluster API ${name}: 2 api processes`,
        Math.round(s2.median),
        'req/s',
        `${s2.spread}, p99 ${p99(two)} ms; one instance on each; ${load}`,
      ),
      row(
        `cluster API ${name}: 2 api ÷ 1 api`,
        Math.round(ratio * 100) / 100,
        '×',
        `the medians' ratio; ${scalingNote(ratio)}; ${cpu}; ${machineNote()}`,
      ),
    )
  }
  return rows
}
