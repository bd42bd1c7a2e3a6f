/**
 * What the futures risk engine (engine.ts) is to the rest of the server: what it runs on, its handle and its counters.
 */
import type { Db } from '../../db/client'
import type { MarketService } from '../../market/types'
import type { RiskBook } from './risk-book'

/** Counters, for tests and the devtools-like `stats()`. */
export interface EngineStats {
  ticks: number
  actions: number
  liquidations: number
  triggers: number
  fills: number
  dropped: number
  failures: number
  reloads: number
}

/** A running engine. */
export interface ContractEngine {
  readonly book: RiskBook
  stats(): EngineStats
  /** Reloads every account now. */
  reloadAll(): Promise<void>
  /** Resolves once no action runs or waits and no reload is pending. */
  idle(): Promise<void>
  stop(): Promise<void>
}

/** What the engine runs on. */
export interface EngineDeps {
  db: Db
  market: Pick<MarketService, 'source' | 'onEvent' | 'listings' | 'lastBook'>
  log?: (line: string) => void
  now?: () => Date
  /**
   * The partitions (server/cluster/partitions.ts) this engine acts on: the risk of the accounts and the pending
   * orders of the markets that fall in them. Undefined: every account and market (one engine per database).
   */
  scope?: ReadonlySet<number>
  /** Told of every action as it starts: its key (`liquidation:live:7`, `fill:…`) and the account whose lock it takes. */
  onAction?: (key: string, account: string) => void
}

/** Every counter at zero. */
export function noStats(): EngineStats {
  return { ticks: 0, actions: 0, liquidations: 0, triggers: 0, fills: 0, dropped: 0, failures: 0, reloads: 0 }
}
