/**
 * Part 3 of `npm run bench -- cluster`: one mark tick evaluated over 100,000 open positions by 1 vs 2 engine
 * processes. The positions are bulk-inserted into a fresh PostgreSQL database; each engine is a process of its own
 * (cluster-risk-engine.ts) running the engine role of a role process (its own advisory-lock lease session, the risk
 * engine on the accounts of the partitions it holds), so two engines evaluate their halves at the same time on
 * different cores when there are free ones. Not the cluster's engine processes: those cannot say how long a tick took,
 * and the tick is handed to the engine as a role process hands it each mark from NATS (RiskEngine.onTick), minus
 * the NATS hop. Not two engine roles in one process either: they would take turns on one thread, which is not what
 * two processes do.
 *
 * Each tick goes to every engine at once; the cluster's tick time is the slower engine's (the tick is done when both
 * are). The positions: 100,000 accounts with one 0.1 BTC long each on btcusdt at 60,000, 10×, with a take-profit
 * and a stop-loss that the ticks (59,990.25 / 60,010.50, alternating) never reach, so every tick evaluates every
 * position and acts on none. (This bench found that an engine alone could not load more than 65,535 accounts —
 * book-rows.ts bound one parameter per account — fixed: the ids travel as one array.)
 */
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../../server/db/client'
import { seedDatabase } from '../../server/db/seed'
import { createPgTestDatabase } from '../helpers/server-db'
import { forkRpc, type ChildRpc } from './child-rpc'
import { int, machineNote, progress, scalingNote } from './cluster-scaling'
import { MIN_RUNS, summarize } from './stats'
import type { BenchResult } from './types'

const ACCOUNTS = 100_000
const PER_ACCOUNT = 1
const POSITIONS = ACCOUNTS * PER_ACCOUNT
const SYMBOL = 'btcusdt'
/** Ticks measured per configuration (after WARMUP unmeasured ones: the JIT, the first tick's full recompute). */
const TICKS = 5 * MIN_RUNS
const WARMUP = 5
const ENGINE = fileURLToPath(new URL('./cluster-risk-engine.ts', import.meta.url))

/** One engine's state (cluster-risk-engine.ts `state`). */
interface EngineState {
  held: number
  accounts: number
  idle: boolean
}

/** One engine's evaluation of one tick (cluster-risk-engine.ts `tick`). */
interface EngineTick {
  ms: number
  cpuMs: number
  accounts: number
  dropped: number
}

/** ACCOUNTS users, each with PER_ACCOUNT open positions on SYMBOL, in two statements. */
async function insertPositions(database: Database): Promise<void> {
  await database.db.execute(sql`
    insert into users (email, invite_code)
    select 'risk-' || g || '@bench.invalid', 'RISK' || g from generate_series(1, ${ACCOUNTS}) g`)
  await database.db.execute(sql`
    insert into contract_positions (user_id, book, symbol, currency, side, amount, leverage, margin, open_price,
      open_fee, maintenance_margin_rate, close_fee_rate, tp, sl, status, order_id)
    select u.id, 'live', ${SYMBOL}, 'USDT', 'long', 0.1, 10, 600, 60000, 0, 0.005, 0.0005, 70000, 50000, 'open',
      u.id * ${PER_ACCOUNT} + k
    from users u cross join generate_series(0, ${PER_ACCOUNT - 1}) k where u.email like 'risk-%'`)
}

/** Resolves once the engines hold all 64 partitions between them, evenly, with every account loaded, and are idle. */
async function settled(engines: ChildRpc[]): Promise<EngineState[]> {
  const deadline = performance.now() + 180_000
  for (;;) {
    const states = await Promise.all(engines.map((e) => e.call<EngineState>('state')))
    const held = states.map((s) => s.held)
    const even = held.every((h) => h === 64 / engines.length)
    const loaded = states.reduce((n, s) => n + s.accounts, 0) === ACCOUNTS
    if (even && loaded && states.every((s) => s.idle)) return states
    if (performance.now() > deadline) throw new Error(`engines did not settle: ${JSON.stringify(states)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** What the engines of one configuration took per measured tick, ms. */
interface Ticks {
  /** The slower engine's wall-clock time: the cluster's tick time. */
  cluster: number[]
  /** Each engine's wall-clock time. */
  perEngine: number[][]
  /** The CPU time of the engine that used most (the work of the busier engine). */
  cpu: number[]
}

/** WARMUP + TICKS ticks, each to every engine at once; answers the measured ones. */
async function ticks(engines: ChildRpc[]): Promise<Ticks> {
  const t: Ticks = { cluster: [], perEngine: engines.map(() => []), cpu: [] }
  for (let i = 0; i < WARMUP + TICKS; i++) {
    const price = i % 2 ? '60010.5' : '59990.25'
    const answers = await Promise.all(engines.map((e) => e.call<EngineTick>('tick', { price })))
    if (answers.some((a) => a.dropped > 0)) throw new Error('a tick called for actions: the positions moved')
    if (i < WARMUP) continue
    t.cluster.push(Math.max(...answers.map((a) => a.ms)))
    t.cpu.push(Math.max(...answers.map((a) => a.cpuMs)))
    answers.forEach((a, j) => t.perEngine[j]!.push(a.ms))
  }
  return t
}

/** Starts one engine process on `url`. */
function engine(url: string): ChildRpc {
  return forkRpc(ENGINE, { DATABASE_URL: url, RISK_SYMBOL: SYMBOL, ROUND_MS: '250' })
}

/** Runs part 3 and answers its rows: the tick time with 1 and with 2 engines, and their ratio. */
export async function riskTickRows(): Promise<BenchResult[]> {
  const created = await createPgTestDatabase()
  if ('unavailable' in created) throw new Error(created.unavailable)
  const engines: ChildRpc[] = []
  let database: Database | undefined
  try {
    progress(`3. risk tick: ${int(POSITIONS)} positions, 1 vs 2 engine processes`)
    database = await openDatabase({ databaseUrl: created.url })
    await seedDatabase(database.db)
    const t0 = performance.now()
    await insertPositions(database)
    const inserted = ((performance.now() - t0) / 1000).toFixed(1)
    engines.push(engine(created.url))
    await settled(engines)
    const before = await ticks(engines)
    engines.push(engine(created.url))
    const split = await settled(engines)
    const two = await ticks(engines)
    // The second engine leaves, the first takes its partitions back: 1 engine again, against drift of the machine.
    await engines[1]!.call('stop')
    await engines.pop()!.stop()
    await settled(engines)
    const after = await ticks(engines)
    const oneS = summarize([...before.cluster, ...after.cluster], 'ms', 1)
    const twoS = summarize(two.cluster, 'ms', 1)
    const ratio = oneS.median / twoS.median
    const oneCpu = summarize([...before.cpu, ...after.cpu], 'ms', 1)
    const twoCpu = summarize(two.cpu, 'ms', 1)
    const work =
      `CPU time per tick (medians): 1 engine ${oneCpu.median.toFixed(1)} ms, the busier of 2 engines ` +
      `${twoCpu.median.toFixed(1)} ms: each engine does ${(oneCpu.median / twoCpu.median).toFixed(2)}× less work, ` +
      `the ratio 2 free cores would give`
    const each = two.perEngine.map((ms, j) => `${int(split[j]!.accounts)} accounts ${summarize(ms, 'ms', 1).spread}`)
    const setup =
      `${int(POSITIONS)} open positions (${int(ACCOUNTS)} accounts × ${PER_ACCOUNT}, bulk-inserted in ${inserted} s), ` +
      `ticks ${TICKS} after ${WARMUP} warm-up; ${machineNote()}`
    return [
      {
        name: 'cluster risk: tick over 100,000 positions, 1 engine',
        value: Math.round(oneS.median * 10) / 10,
        unit: 'ms',
        target: 'report',
        pass: true,
        report: true,
        note: `${oneS.spread}, before and after the 2-engine ticks; one engine process holding all 64 partitions; ${setup}`,
      },
      {
        name: 'cluster risk: tick over 100,000 positions, 2 engines',
        value: Math.round(twoS.median * 10) / 10,
        unit: 'ms',
        target: 'report',
        pass: true,
        report: true,
        note: `${twoS.spread}, the slower engine of each tick; 32 partitions each: ${each.join('; ')}; ${setup}`,
      },
      {
        name: 'cluster risk: tick time 1 engine ÷ 2 engines',
        value: Math.round(ratio * 100) / 100,
        unit: '×',
        target: 'report',
        pass: true,
        report: true,
        note:
          `the wall-clock medians' ratio (higher: 2 engines faster); ${scalingNote(ratio)}; ${work}; the wall-clock ` +
          `ratio is what the shared cores gave: each engine's tick waits for a core whenever more processes are ` +
          `runnable than there are cores; ${machineNote()}`,
      },
    ]
  } finally {
    await Promise.all(engines.map((e) => e.call('stop', undefined, 15_000).catch(() => undefined)))
    await Promise.all(engines.map((e) => e.stop()))
    await database?.close()
    await created.drop()
  }
}
