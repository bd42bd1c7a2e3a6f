/**
 * The `engine` role of a server process (issue 22 parts 3–4): the spot matcher and the futures risk engine, acting on
 * the partitions this process holds (partitions.ts) — the markets whose limit orders it matches and the accounts whose
 * TP/SL and liquidation it checks. Alone on a database (or on PGlite) it holds every partition and does all the work;
 * with N engine processes on one PostgreSQL each does about 1/N, and an engine that dies has its partitions taken
 * over by the others within PARTITION_ROUND_MS plus a query. The spot prints of that gap are not lost: the new holder
 * matches those it heard while it did not own the market, if still within the market's price max age (issue 22 part
 * 6, spot/matcher.ts `gained`), and so do the futures entrusts and reduce-only limit orders (contract/engine.ts
 * `widen`, recent-prints.ts).
 */
import type { Db } from '../db/client'
import type { MarketService } from '../market/types'
import { RiskEngine, type ContractEngine } from '../trading/contract/engine'
import { startSpotMatcher, type SpotMatcher } from '../trading/spot/matcher'
import { startPartitionLeases, symbolPartition, type PartitionLeases } from './partitions'

/** A running engine role. */
export interface EngineRole {
  contracts: ContractEngine
  matcher: SpotMatcher
  partitions: PartitionLeases
  /** Stops matching and deciding, waits for what runs, then gives the partitions back. */
  stop(): Promise<void>
}

/** What the role runs on; `intervalMs` is the partition round (tests shorten it). */
export interface EngineRoleDeps {
  db: Db
  market: MarketService
  log?: (line: string) => void
  intervalMs?: number
  /** EngineDeps.onAction: every futures action as it starts. */
  onAction?: (key: string, account: string) => void
}

/**
 * Takes this process's share of the partitions, then starts the matcher and the risk engine on them.
 * @throws when the database cannot be reached (nothing is left running).
 */
export async function startEngineRole(deps: EngineRoleDeps): Promise<EngineRole> {
  let scope: ReadonlySet<number> = new Set()
  let engine: RiskEngine | undefined
  let matcher: SpotMatcher | undefined
  const partitions = await startPartitionLeases({
    db: deps.db,
    log: deps.log,
    intervalMs: deps.intervalMs,
    onChange: (held) => {
      scope = held
      engine?.widen(held)
      // The prints of markets taken over that came while no engine here matched them (a dead holder's last ones).
      matcher?.gained()
    },
    beforeRelease: async (keep) => {
      scope = keep
      await Promise.all([engine?.narrow(keep), matcher?.idle()])
    },
  })
  try {
    matcher = startSpotMatcher({
      db: deps.db,
      market: deps.market,
      log: deps.log,
      owns: (symbol) => scope.has(symbolPartition(symbol)),
    })
    engine = new RiskEngine({ db: deps.db, market: deps.market, log: deps.log, scope, onAction: deps.onAction })
    await engine.start()
  } catch (err) {
    matcher?.stop()
    await partitions.stop()
    throw err
  }
  const contracts = engine
  const spot = matcher
  return {
    contracts,
    matcher: spot,
    partitions,
    async stop() {
      spot.stop()
      await Promise.all([contracts.stop(), spot.idle()])
      await partitions.stop()
    },
  }
}
