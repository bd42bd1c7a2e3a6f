/**
 * Shape checks for feed payloads (htx-protocol.md a5). Each returns a clean typed value or undefined; none recurses
 * into unknown data, so hostile nesting costs nothing beyond JSON.parse. Numbers must be finite JSON numbers.
 */
import type { DepthTick, KlineTick, Level, TickerTick, TradeItem } from '../../common/feed/messages'

type Obj = Record<string, unknown>

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
export const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

/**
 * A ticker tick with all 13 fields finite. The fields are named one by one rather than looped over as keys: named
 * reads of a JSON.parse object are cached loads, keyed reads in a loop are lookups, and this runs for every ticker
 * frame of the feed (issue 9 part 4).
 */
export function asTicker(v: unknown): TickerTick | undefined {
  if (!isObj(v)) return undefined
  const ok =
    isNum(v.open) &&
    isNum(v.high) &&
    isNum(v.low) &&
    isNum(v.close) &&
    isNum(v.amount) &&
    isNum(v.vol) &&
    isNum(v.count) &&
    isNum(v.bid) &&
    isNum(v.bidSize) &&
    isNum(v.ask) &&
    isNum(v.askSize) &&
    isNum(v.lastPrice) &&
    isNum(v.lastSize)
  return ok ? (v as unknown as TickerTick) : undefined
}

/** `[[price, size], …]` with finite numbers. */
export function isLevels(v: unknown): v is Level[] {
  if (!Array.isArray(v)) return false
  for (const l of v) {
    if (!Array.isArray(l) || l.length < 2 || !isNum(l[0]) || !isNum(l[1])) return false
  }
  return true
}

/** A depth.step0 snapshot; `ts` (ms) falls back to the push's `ts` when the tick has none. */
export function asDepth(v: unknown, pushTs: number): DepthTick | undefined {
  if (!isObj(v) || !isNum(v.version) || !isLevels(v.bids) || !isLevels(v.asks)) return undefined
  return { bids: v.bids, asks: v.asks, version: v.version, ts: isNum(v.ts) ? v.ts : pushTs }
}

/** A kline bar: integer `id` (epoch seconds) and finite OHLC; missing volume fields count as 0. */
export function asKline(v: unknown): KlineTick | undefined {
  if (!isObj(v) || !Number.isSafeInteger(v.id)) return undefined
  const { open, close, low, high } = v
  if (!isNum(open) || !isNum(close) || !isNum(low) || !isNum(high)) return undefined
  const num = (x: unknown) => (x === undefined ? 0 : isNum(x) ? x : NaN)
  const amount = num(v.amount),
    vol = num(v.vol),
    count = num(v.count)
  if (Number.isNaN(amount + vol + count)) return undefined
  return { id: v.id as number, open, close, low, high, amount, vol, count }
}

/** A list of kline bars (a `req` answer); undefined when any bar is malformed. */
export function asKlines(v: unknown): KlineTick[] | undefined {
  if (!Array.isArray(v)) return undefined
  const out: KlineTick[] = []
  for (const b of v) {
    const bar = asKline(b)
    if (!bar) return undefined
    out.push(bar)
  }
  return out
}

/**
 * One trade. Identity is `tradeId`; contract feeds (HTX linear swaps) carry only an integer `id`, accepted when it is
 * a safe integer. The spot `id` (~1e26 float) is never used as a key.
 */
export function asTrade(v: unknown): TradeItem | undefined {
  if (!isObj(v) || !isNum(v.ts) || !isNum(v.price) || !isNum(v.amount)) return undefined
  if (v.direction !== 'buy' && v.direction !== 'sell') return undefined
  // The common spot shape is used as parsed (no copy: this runs for every trade of a busy feed).
  if (Number.isSafeInteger(v.tradeId) && isNum(v.id)) return v as unknown as TradeItem
  const tradeId = Number.isSafeInteger(v.tradeId) ? v.tradeId : Number.isSafeInteger(v.id) ? v.id : undefined
  if (tradeId === undefined) return undefined
  const id = isNum(v.id) ? v.id : (tradeId as number)
  return { id, ts: v.ts, tradeId: tradeId as number, amount: v.amount, price: v.price, direction: v.direction }
}

/** A trade.detail tick's trades; undefined when any is malformed. */
export function asTrades(v: unknown): TradeItem[] | undefined {
  const data = isObj(v) ? v.data : undefined
  if (!Array.isArray(data)) return undefined
  const out: TradeItem[] = []
  for (const t of data) {
    const item = asTrade(t)
    if (!item) return undefined
    out.push(item)
  }
  return out
}
