/**
 * In-memory EngineClient for UI tests (put it in the router context as `engine`): records subscriptions and lets a test push
 * snapshots to them, with no worker and no socket.
 */
import type {
  BookSnapshot,
  CandleSnapshot,
  EngineStatus,
  TickerSnapshot,
  TradesSnapshot,
} from '../../common/engine-api'
import type { KlineTick } from '../../common/feed/messages'
import type { EngineClient } from './types'

type Listener<T> = { key: string; cb: (v: T) => void }

/** A fake engine plus the knobs a test turns. `key` is the symbol (candles: `symbol|period`; status: ''). */
export interface FakeEngine extends EngineClient {
  /** Tickers served by `cachedTickers()`. */
  cached: TickerSnapshot[]
  /** Bars served by `loadHistory()`, filtered to `id < beforeId` (last `count`). */
  history: KlineTick[]
  pushTickers(snaps: TickerSnapshot[]): void
  pushBook(snap: BookSnapshot): void
  pushCandles(snap: CandleSnapshot): void
  pushTrades(snap: TradesSnapshot): void
  pushStatus(status: EngineStatus): void
  /** Number of live subscriptions per kind, to check that views unsubscribe. */
  live(): { tickers: number; book: number; candles: number; trades: number; status: number }
}

/** Creates a fresh fake engine; status starts disconnected. */
export function createFakeEngine(): FakeEngine {
  const sets = {
    tickers: new Set<Listener<TickerSnapshot[]> & { symbols: Set<string> }>(),
    book: new Set<Listener<BookSnapshot>>(),
    candles: new Set<Listener<CandleSnapshot>>(),
    trades: new Set<Listener<TradesSnapshot>>(),
    status: new Set<Listener<EngineStatus>>(),
  }
  let status: EngineStatus = {
    url: null,
    connected: false,
    lastFrameAt: null,
    reconnects: 0,
    framesPerSec: 0,
    decodeErrors: 0,
    topics: [],
  }
  const add = <L>(set: Set<L>, l: L) => {
    set.add(l)
    return Promise.resolve(() => void set.delete(l))
  }
  const emit = <T>(set: Set<Listener<T>>, key: string, v: T) => {
    for (const l of [...set]) if (l.key === key) l.cb(v)
  }
  const fake: FakeEngine = {
    cached: [],
    history: [],
    connect: async () => undefined,
    close: async () => undefined,
    status: async () => status,
    cachedTickers: async () => fake.cached,
    loadHistory: async (_s, _p, beforeId, count = 300) => fake.history.filter((b) => b.id < beforeId).slice(-count),
    onTickers: (symbols, cb) => add(sets.tickers, { key: '', cb, symbols: new Set(symbols) }),
    onBook: (symbol, cb) => add(sets.book, { key: symbol, cb }),
    onCandles: (symbol, period, cb) => add(sets.candles, { key: `${symbol}|${period}`, cb }),
    onTrades: (symbol, cb) => add(sets.trades, { key: symbol, cb }),
    onStatus: (cb) => add(sets.status, { key: '', cb }),
    pushTickers: (snaps) => {
      for (const l of [...sets.tickers]) {
        const mine = snaps.filter((s) => l.symbols.has(s.symbol))
        if (mine.length) l.cb(mine)
      }
    },
    pushBook: (snap) => emit(sets.book, snap.symbol, snap),
    pushCandles: (snap) => emit(sets.candles, `${snap.symbol}|${snap.period}`, snap),
    pushTrades: (snap) => emit(sets.trades, snap.symbol, snap),
    pushStatus: (s) => {
      status = s
      emit(sets.status, '', s)
    },
    live: () => ({
      tickers: sets.tickers.size,
      book: sets.book.size,
      candles: sets.candles.size,
      trades: sets.trades.size,
      status: sets.status.size,
    }),
  }
  return fake
}
