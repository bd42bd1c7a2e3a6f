/**
 * Schemas of the market messages between processes over NATS (market-wire.ts): every live message, snapshot chunk,
 * snapshot and history request and history answer is checked before it is used, like every frame and body from the
 * network (house rule: trust nothing from the network — a NATS server is reachable by other clients than ours, and a
 * process of another version may speak). A message that fails is dropped and counted by its receiver; its fields are
 * never half-used. Numbers must be finite JSON numbers; symbols and periods are from the known sets.
 */
import * as z from 'zod/mini'
import { FEED_PARTS, MARKET_SOURCE_KINDS } from '../../common/api/public'
import type { KlineTick, TickerTick, TradeItem } from '../../common/feed/messages'
import { KLINE_PERIODS } from '../../common/feed/topics'
import { MARKET_CATEGORIES } from '../../common/market'
import type { MarketEvent } from '../market/types'
import type {
  HistoryAnswer,
  HistoryRequest,
  LiveMessage,
  SnapshotChunk,
  SnapshotRequest,
  SourceCall,
  SymbolHead,
} from './market-wire'

const num = z.number()
const int = z.int()
/** Spot and forex symbols are lower case (`btcusdt`), perpetuals upper case with a dash (`BTC-USDT`). */
const symbol = z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$/))
const period = z.enum(KLINE_PERIODS)

const ticker: z.ZodMiniType<TickerTick> = z.object({
  open: num,
  high: num,
  low: num,
  close: num,
  amount: num,
  vol: num,
  count: num,
  bid: num,
  bidSize: num,
  ask: num,
  askSize: num,
  lastPrice: num,
  lastSize: num,
})
const level = z.tuple([num, num])
const depth = z.object({ bids: z.array(level), asks: z.array(level), version: num, ts: num })
const bar: z.ZodMiniType<KlineTick> = z.object({
  id: int,
  open: num,
  close: num,
  low: num,
  high: num,
  amount: num,
  vol: num,
  count: num,
})
const trade: z.ZodMiniType<TradeItem> = z.object({
  id: num,
  ts: num,
  tradeId: num,
  amount: num,
  price: num,
  direction: z.enum(['buy', 'sell']),
})

/** A market event (server/market/types.ts MarketEvent). */
export const marketEventSchema: z.ZodMiniType<MarketEvent> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ticker'), symbol, ts: num, tick: ticker }),
  z.object({ type: z.literal('book'), symbol, ts: num, tick: depth, recorded: z.optional(z.boolean()) }),
  z.object({ type: z.literal('trades'), symbol, ts: num, trades: z.array(trade), recorded: z.optional(z.boolean()) }),
  z.object({ type: z.literal('candle'), symbol, ts: num, bar }),
])

const sourceCall: z.ZodMiniType<SourceCall> = z.discriminatedUnion('t', [
  z.object({ t: z.literal('event'), e: marketEventSchema }),
  z.object({ t: z.literal('history'), bars: z.array(bar) }),
  z.object({ t: z.literal('earlier'), period, bars: z.array(bar) }),
  z.object({ t: z.literal('seed'), period, bar, then: z.optional(bar) }),
  z.object({ t: z.literal('big') }),
])

/** A message on `tc.market.<symbol>` (market-wire.ts LiveMessage). */
export const liveMessageSchema: z.ZodMiniType<LiveMessage> = z.object({
  v: int,
  o: z.string().check(z.minLength(1), z.maxLength(64)),
  s: int.check(z.positive()),
  c: sourceCall,
})

const spec = z.object({
  symbol,
  category: z.enum(MARKET_CATEGORIES),
  base: z.string().check(z.regex(/^[A-Z0-9]{1,16}$/)),
  quote: z.string().check(z.regex(/^[A-Z0-9]{1,16}$/)),
  price_precision: int.check(z.minimum(0), z.maximum(18)),
  amount_precision: int.check(z.minimum(0), z.maximum(18)),
  volume_decimals: int.check(z.minimum(0), z.maximum(18)),
  turnover_decimals: int.check(z.minimum(0), z.maximum(18)),
})
const meta = z.object({
  kind: z.enum(MARKET_SOURCE_KINDS),
  detail: z.string(),
  fallback: z.optional(z.string()),
  live: z.boolean(),
  specs: z.array(spec),
  tickerFromBars: z.boolean(),
  makeup: z.optional(
    z.array(z.object({ symbol, recorded: z.array(z.enum(FEED_PARTS)), derived: z.array(z.enum(FEED_PARTS)) })),
  ),
  history: z.boolean(),
})
const head: z.ZodMiniType<SymbolHead> = z.object({
  symbol,
  seq: int.check(z.minimum(0)),
  full: z.boolean(),
  seeds: z.array(z.object({ period, bar, then: z.optional(bar), seq: int })),
  book: z.optional(marketEventSchema),
  ticker: z.optional(marketEventSchema),
  trades: z.array(trade),
  earlier: z.array(period),
})
const origin = z.string().check(z.minLength(1), z.maxLength(64))

/** One message of a snapshot answer (market-wire.ts SnapshotChunk). */
export const snapshotChunkSchema: z.ZodMiniType<SnapshotChunk> = z.discriminatedUnion('k', [
  z.object({ k: z.literal('meta'), o: origin, meta }),
  z.object({ k: z.literal('head'), o: origin, head }),
  z.object({ k: z.literal('bars'), o: origin, symbol, bars: z.array(z.tuple([bar, int])) }),
  z.object({ k: z.literal('earlier'), o: origin, symbol, period, bars: z.array(bar) }),
  z.object({ k: z.literal('end'), o: origin }),
])

/** A request on `tc.market-snapshot`. */
export const snapshotRequestSchema: z.ZodMiniType<SnapshotRequest> = z.object({
  v: int,
  symbol: z.optional(symbol),
  after: z.optional(int.check(z.minimum(0))),
  origin: z.optional(origin),
})

/** A request on `tc.market-history` (epoch seconds). */
export const historyRequestSchema: z.ZodMiniType<HistoryRequest> = z.object({
  symbol,
  period,
  from: z.optional(int),
  to: z.optional(int),
})

/** An answer on `tc.market-history`. */
export const historyAnswerSchema: z.ZodMiniType<HistoryAnswer> = z.union([
  z.object({ bars: z.array(bar) }),
  z.object({ error: z.string() }),
])

/** `data` parsed as JSON and checked by `schema`; undefined when it is not JSON or does not pass. */
export function decodeWith<T>(schema: z.ZodMiniType<T>, data: string): T | undefined {
  let value: unknown
  try {
    value = JSON.parse(data)
  } catch {
    return undefined
  }
  const r = schema.safeParse(value)
  return r.success ? r.data : undefined
}
