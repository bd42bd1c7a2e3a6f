/**
 * HTX pushes → domain events. Numbers pass through as HTX wrote them (they already are decimal literals); fields
 * are checked for type so a malformed upstream frame is dropped instead of poisoning the hub.
 */
import type { DepthTick, KlineTick, Level, TickerTick, TradeItem } from '../../../../common/feed/messages'
import { parseTopic } from '../../../../common/feed/topics'
import type { MarketEvent } from '../../types'

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)

/**
 * How far after this server's clock an upstream time may lie, ms. A push (or a trade in it) stamped later is
 * malformed: a symbol's tickers never go back in time (hub.ts), so one far-future stamp would pin every later ticker to
 * it, and a future trade time counts as fresh (freshness.ts). Generous for clock skew.
 */
export const MAX_AHEAD_MS = 60_000

/**
 * Converts one upstream push (`ts`: its event time, epoch ms; `now`: this server's clock); undefined when it is not one
 * of our channels, is malformed, or is stamped more than MAX_AHEAD_MS ahead of `now` (a trade so stamped is dropped
 * from its push).
 */
export function convertPush(ch: string, ts: number, tick: unknown, now = Date.now()): MarketEvent | undefined {
  const topic = parseTopic(ch)
  if (!topic || typeof tick !== 'object' || tick === null) return undefined
  if (!(ts > 0) || ts > now + MAX_AHEAD_MS) return undefined
  const t = tick as Record<string, unknown>
  const symbol = topic.symbol
  switch (topic.channel) {
    case 'ticker': {
      const ticker = toTicker(t)
      return ticker && { type: 'ticker', symbol, ts, tick: ticker }
    }
    case 'depth': {
      const book = toBook(t, ts)
      return book && { type: 'book', symbol, ts, tick: book }
    }
    case 'trade': {
      const trades = Array.isArray(t.data)
        ? t.data.map(toTrade).filter((x): x is TradeItem => !!x && x.ts <= now + MAX_AHEAD_MS)
        : []
      return trades.length > 0 ? { type: 'trades', symbol, ts, trades } : undefined
    }
    case 'kline': {
      if (topic.period !== '1min') return undefined
      const bar = toBar(t)
      return bar && { type: 'candle', symbol, ts, bar }
    }
  }
}

const TICKER_FIELDS = [
  'open',
  'high',
  'low',
  'close',
  'amount',
  'vol',
  'count',
  'bid',
  'bidSize',
  'ask',
  'askSize',
] as const

function toTicker(t: Record<string, unknown>): TickerTick | undefined {
  for (const f of TICKER_FIELDS) if (num(t[f]) === undefined) return undefined
  const close = t.close as number
  return {
    open: t.open as number,
    high: t.high as number,
    low: t.low as number,
    close,
    amount: t.amount as number,
    vol: t.vol as number,
    count: t.count as number,
    bid: t.bid as number,
    bidSize: t.bidSize as number,
    ask: t.ask as number,
    askSize: t.askSize as number,
    lastPrice: num(t.lastPrice) ?? close,
    lastSize: num(t.lastSize) ?? 0,
  }
}

function toLevels(v: unknown): Level[] | undefined {
  if (!Array.isArray(v)) return undefined
  const out: Level[] = []
  for (const l of v) {
    if (!Array.isArray(l) || num(l[0]) === undefined || num(l[1]) === undefined) return undefined
    out.push([l[0] as number, l[1] as number])
  }
  return out
}

function toBook(t: Record<string, unknown>, ts: number): DepthTick | undefined {
  const bids = toLevels(t.bids)
  const asks = toLevels(t.asks)
  if (!bids || !asks) return undefined
  return { bids, asks, version: num(t.version) ?? ts, ts: num(t.ts) ?? ts }
}

function toTrade(v: unknown): TradeItem | undefined {
  if (typeof v !== 'object' || v === null) return undefined
  const d = v as Record<string, unknown>
  const tradeId = num(d.tradeId) ?? num(d.id)
  const amount = num(d.amount)
  const price = num(d.price)
  const ts = num(d.ts)
  if (tradeId === undefined || amount === undefined || price === undefined || ts === undefined) return undefined
  const direction = d.direction === 'sell' ? 'sell' : 'buy'
  return { id: num(d.id) ?? tradeId, ts, tradeId, amount, price, direction }
}

/** A kline bar from upstream (push tick or `req` element). */
export function toBar(t: unknown): KlineTick | undefined {
  if (typeof t !== 'object' || t === null) return undefined
  const b = t as Record<string, unknown>
  const f = ['id', 'open', 'close', 'low', 'high', 'amount', 'vol', 'count'].map((k) => num(b[k]))
  if (f.some((x) => x === undefined)) return undefined
  const [id, open, close, low, high, amount, vol, count] = f as number[]
  return {
    id: id as number,
    open: open as number,
    close: close as number,
    low: low as number,
    high: high as number,
    amount: amount as number,
    vol: vol as number,
    count: count as number,
  }
}
