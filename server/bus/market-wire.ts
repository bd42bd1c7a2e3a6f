/**
 * What ingest's market publisher and the other processes' market sources say to each other over NATS (issue 22
 * part 3), as JSON. Feed numbers stay JS numbers, as the sources produce them (a JSON round trip keeps every double
 * exact). Every message is checked against its schema when it arrives (market-wire-schema.ts), as any frame from the
 * network is: a message that does not pass is dropped.
 */
import type { FeedMakeup, MarketSourceKind } from '../../common/api/public'
import type { KlineTick, TradeItem } from '../../common/feed/messages'
import type { KlinePeriod } from '../../common/feed/topics'
import type { SymbolSpec } from '../market/sources/source'
import type { MarketEvent } from '../market/types'
import { decodeWith, liveMessageSchema } from './market-wire-schema'

/** Version of these messages; a receiver drops messages of another version. */
export const MARKET_WIRE_VERSION = 2

/** One call of the source into its sink (SourceSink), as published. */
export type SourceCall =
  | { t: 'event'; e: MarketEvent }
  | { t: 'history'; bars: KlineTick[] }
  | { t: 'earlier'; period: KlinePeriod; bars: KlineTick[] }
  | { t: 'seed'; period: KlinePeriod; bar: KlineTick; then?: KlineTick }
  /** A call too large for one message (a long history): receivers take it from the snapshot. */
  | { t: 'big' }

/**
 * A message on `tc.market.<symbol>`: call `c`, number `s` of this symbol's calls (1, 2, … per publisher), and `o`,
 * the publisher's random id: a new ingest process (a restart, the standby taking over) numbers from 1 again under a
 * new origin.
 */
export interface LiveMessage {
  v: number
  o: string
  s: number
  c: SourceCall
}

/** Request on `tc.market-snapshot`. */
export interface SnapshotRequest {
  v: number
  /** One symbol (a re-sync); all when absent (a process starting). */
  symbol?: string
  /** Only what changed after this sequence number of `origin` (a re-sync after a gap); everything when absent. */
  after?: number
  /** The publisher `after` counts in, and the one whose answer is wanted; any publisher's when absent. */
  origin?: string
}

/** What a process needs to stand in for the source (MarketSource minus start/stop), sent first in every answer. */
export interface SourceMeta {
  kind: MarketSourceKind
  detail: string
  fallback?: string
  live: boolean
  specs: SymbolSpec[]
  tickerFromBars: boolean
  makeup?: FeedMakeup[]
  /** True when the source answers kline history itself (htx): ask it on `tc.market-history`. */
  history: boolean
}

/** A coarser period's seed (SourceSink.seedPeriod) and the sequence number of the call that made it. */
export interface SeedEntry {
  period: KlinePeriod
  bar: KlineTick
  then?: KlineTick
  seq: number
}

/** One symbol's state as of `seq`; bars and day bars follow in their own chunks. */
export interface SymbolHead {
  symbol: string
  /** The symbol's last sequence number this answer includes. */
  seq: number
  /** True when the answer holds everything kept (not only what changed after the request's `after`). */
  full: boolean
  seeds: SeedEntry[]
  /** The latest book and ticker events, when they changed after `after`. */
  book?: MarketEvent
  ticker?: MarketEvent
  /** Trades kept (oldest first) that arrived after `after`. */
  trades: TradeItem[]
  /** The periods whose earlier bars (SourceSink.earlierBars) changed after `after`; they follow in `earlier` chunks. */
  earlier: KlinePeriod[]
}

/**
 * The answer to a snapshot request: several messages to the request's reply subject, in this order: `meta`, then
 * per symbol its `head`, its `bars` (1min bars with the sequence number of the call that last set them, ascending
 * by id, split to fit the server's max_payload) and its `earlier` bars of each period, and last `end`.
 */
export type SnapshotChunk =
  | { k: 'meta'; o: string; meta: SourceMeta }
  | { k: 'head'; o: string; head: SymbolHead }
  | { k: 'bars'; o: string; symbol: string; bars: [KlineTick, number][] }
  | { k: 'earlier'; o: string; symbol: string; period: KlinePeriod; bars: KlineTick[] }
  | { k: 'end'; o: string }

/** Request on `tc.market-history`: kline history (`from`/`to` epoch seconds), as HistoryProvider takes it. */
export interface HistoryRequest {
  symbol: string
  period: KlinePeriod
  from?: number
  to?: number
}

/** Answer on `tc.market-history`: the bars, or the provider's error message. */
export type HistoryAnswer = { bars: KlineTick[] } | { error: string }

/**
 * A live message, or undefined when it is not one of this version or fails its schema (market-wire-schema.ts: every
 * field checked, so a foreign or broken message is never half-used).
 */
export function decodeLive(data: string): LiveMessage | undefined {
  const m = decodeWith(liveMessageSchema, data)
  return m?.v === MARKET_WIRE_VERSION ? m : undefined
}

/**
 * Splits `items` into runs whose JSON is at most `maxBytes` long (halving until each fits; one item alone is
 * never split), so each run can travel in one message.
 */
export function splitToFit<T>(items: readonly T[], maxBytes: number): T[][] {
  if (items.length === 0) return []
  if (items.length === 1 || Buffer.byteLength(JSON.stringify(items)) <= maxBytes) return [items.slice()]
  const mid = Math.ceil(items.length / 2)
  return [...splitToFit(items.slice(0, mid), maxBytes), ...splitToFit(items.slice(mid), maxBytes)]
}

/** Bytes of payload we allow per message: the server's max_payload less room for the envelope. */
export function payloadBudget(maxPayload: number | undefined): number {
  const max = maxPayload && maxPayload > 0 ? maxPayload : 1024 * 1024
  return Math.floor(max * 0.9) - 1024
}
