/**
 * What the engine keeps in IndexedDB and how it is checked on the way back in. Stored data may be from an older
 * version, truncated or tampered with, so each entry is validated on its own and malformed ones are dropped.
 *
 * | key       | value                                                         | bound                  |
 * |-----------|---------------------------------------------------------------|------------------------|
 * | `tickers` | last ticker per symbol, with `ts`/`receivedAt` (ms)           | 500 symbols            |
 * | `books`   | last book (≤ 50 levels a side) of the last viewed symbols     | 10 symbols             |
 * | `candles` | last bars of the last viewed symbol+period series             | 10 series × 300 bars   |
 * | `trades`  | latest trades (newest first) of the last viewed symbols       | 10 symbols × 50 trades |
 */
import type { TickerSnapshot } from '../../common/engine-api'
import type { KlineTick, Level, TradeItem } from '../../common/feed/messages'
import { KLINE_PERIODS, parseTopic, tickerTopic, type KlinePeriod } from '../../common/feed/topics'
import { toSnapshot } from '../caches/tickers'
import { asKlines, asTicker, asTrade, isLevels, isNum, isObj } from '../codec/shapes'

export const LIMITS = {
  tickers: 500,
  books: 10,
  bookLevels: 50,
  candles: 10,
  bars: 300,
  trades: 10,
  tradeItems: 50,
} as const

export interface StoredBook {
  symbol: string
  bids: Level[]
  asks: Level[]
  version: number
  ts: number
  receivedAt: number
}

export interface StoredCandles {
  symbol: string
  period: KlinePeriod
  bars: KlineTick[]
  receivedAt: number
}

/** Latest trades of one symbol, newest first; `receivedAt` (ms) = when the newest of them reached the worker. */
export interface StoredTrades {
  symbol: string
  trades: TradeItem[]
  receivedAt: number
}

/** Everything restored at start. */
export interface Restored {
  tickers: TickerSnapshot[]
  books: StoredBook[]
  candles: StoredCandles[]
  trades: StoredTrades[]
  /** Entries dropped as malformed. */
  rejected: number
}

const isSymbol = (v: unknown): v is string => typeof v === 'string' && parseTopic(tickerTopic(v)) !== undefined

function ticker(v: unknown): TickerSnapshot | undefined {
  if (!isObj(v) || !isSymbol(v.symbol) || !isNum(v.ts) || !isNum(v.receivedAt)) return undefined
  const t = asTicker(v)
  return t && toSnapshot(v.symbol, t, v.ts, v.receivedAt, 'cache')
}

function book(v: unknown): StoredBook | undefined {
  if (!isObj(v) || !isSymbol(v.symbol) || !isNum(v.version) || !isNum(v.ts) || !isNum(v.receivedAt)) return undefined
  if (!isLevels(v.bids) || !isLevels(v.asks)) return undefined
  const n = LIMITS.bookLevels
  return {
    symbol: v.symbol,
    bids: v.bids.slice(0, n),
    asks: v.asks.slice(0, n),
    version: v.version,
    ts: v.ts,
    receivedAt: v.receivedAt,
  }
}

function candles(v: unknown): StoredCandles | undefined {
  if (!isObj(v) || !isSymbol(v.symbol) || !isNum(v.receivedAt)) return undefined
  if (!(KLINE_PERIODS as readonly unknown[]).includes(v.period)) return undefined
  const bars = asKlines(v.bars)
  return (
    bars && {
      symbol: v.symbol,
      period: v.period as KlinePeriod,
      bars: bars.slice(-LIMITS.bars),
      receivedAt: v.receivedAt,
    }
  )
}

function trades(v: unknown): StoredTrades | undefined {
  if (!isObj(v) || !isSymbol(v.symbol) || !isNum(v.receivedAt) || !Array.isArray(v.trades)) return undefined
  const items: TradeItem[] = []
  for (const raw of v.trades.slice(0, LIMITS.tradeItems)) {
    const t = asTrade(raw)
    if (!t) return undefined
    items.push(t)
  }
  return { symbol: v.symbol, trades: items, receivedAt: v.receivedAt }
}

/** Validates a stored list item by item, keeping at most `max` good ones. */
function list<T>(raw: unknown, check: (v: unknown) => T | undefined, max: number): { ok: T[]; rejected: number } {
  if (raw === undefined) return { ok: [], rejected: 0 }
  if (!Array.isArray(raw)) return { ok: [], rejected: 1 }
  const ok: T[] = []
  let rejected = 0
  for (const item of raw) {
    const good = check(item)
    if (good && ok.length < max) ok.push(good)
    else if (!good) rejected++
  }
  return { ok, rejected }
}

/** Validates the stored values (as read from IndexedDB; any may be missing, e.g. `trades` from older versions). */
export function validateStored(raw: {
  tickers: unknown
  books: unknown
  candles: unknown
  trades?: unknown
}): Restored {
  const t = list(raw.tickers, ticker, LIMITS.tickers)
  const b = list(raw.books, book, LIMITS.books)
  const c = list(raw.candles, candles, LIMITS.candles)
  const tr = list(raw.trades, trades, LIMITS.trades)
  return {
    tickers: t.ok,
    books: b.ok,
    candles: c.ok,
    trades: tr.ok,
    rejected: t.rejected + b.rejected + c.rejected + tr.rejected,
  }
}
