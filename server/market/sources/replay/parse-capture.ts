/**
 * A recorded tape of trades and depth: a gzipped Binance spot websocket capture as hftbacktest's collector writes it
 * (../shared/data/market/PROVENANCE.md §2): one message per line, `<receive time, ns since epoch> <raw JSON>`, the
 * combined-stream messages `<sym>@trade` and `<sym>@depth@100ms`, and one REST `GET /api/v3/depth` snapshot
 * (`lastUpdateId`, bids, asks). `@bookTicker` lines are read past (the book already holds the best levels).
 *
 * The order book is rebuilt the way Binance documents it ("How to manage a local order book correctly",
 * binance-spot-api-docs web-socket-streams.md): buffer the diffs, take the snapshot, drop diffs with
 * `u` ≤ lastUpdateId, the first applied one must have `U` ≤ lastUpdateId + 1 ≤ `u`, each later one must start at the
 * previous `u` + 1, and a quantity of 0 removes the level. After every applied diff the top BOOK_LEVELS levels are
 * kept with the diff's event time. The tape's 1min bars are the trades' own OHLCV (price of the first and last trade,
 * extremes, summed base and quote volume, trade count): an aggregation of what is recorded, nothing re-priced.
 */
import Big from 'big.js'
import { gunzipSync } from 'node:zlib'
import { z } from 'zod'
import { type RawBar, ReplayFileError, checkBar } from './row'

/** Levels per side kept for each book state (the gateway's `depth.step0` depth). */
export const BOOK_LEVELS = 20

/** One recorded trade: exchange trade id, trade time (ms), decimal text as recorded, taker side. */
export interface TapeTrade {
  id: number
  ts: number
  price: string
  amount: string
  /** The taker's side: `m` (buyer is maker) true means the taker sold. */
  direction: 'buy' | 'sell'
}

/** The book after one recorded diff: event time (ms), top levels as recorded decimal text, best first. */
export interface TapeBook {
  ts: number
  /** Binance `u` of the last diff applied. */
  updateId: number
  bids: [string, string][]
  asks: [string, string][]
}

/** A symbol's recorded trades and book states, and the 1min bars of its trades. */
export interface Tape {
  /** Lower-case spot symbol as the capture names it (`btcusdt`). */
  symbol: string
  trades: TapeTrade[]
  books: TapeBook[]
  bars: RawBar[]
}

const DECIMAL = /^\d+(\.\d+)?$/
const decimalText = z.string().regex(DECIMAL)
// A level's two decimals are checked where the level is applied (BookSide.set): zod's per-string regex over the
// ~200,000 levels of a capture costs half a second of server start.
const level = z.tuple([z.string(), z.string()])
const tradeMsg = z.object({
  e: z.literal('trade'),
  s: z.string(),
  t: z.number().int().nonnegative(),
  p: decimalText,
  q: decimalText,
  T: z.number().int().positive(),
  m: z.boolean(),
})
const diffMsg = z.object({
  e: z.literal('depthUpdate'),
  E: z.number().int().positive(),
  s: z.string(),
  U: z.number().int(),
  u: z.number().int(),
  b: z.array(level),
  a: z.array(level),
})
const snapshotMsg = z.object({ lastUpdateId: z.number().int(), bids: z.array(level), asks: z.array(level) })
const streamMsg = z.object({ stream: z.string(), data: z.unknown() })

type Diff = z.infer<typeof diffMsg> & { line: number }

/** Reads a gzipped capture of `symbol`; throws ReplayFileError naming the file and line of anything unusable. */
export function parseCapture(gz: Uint8Array, file: string, symbol: string): Tape {
  let text: string
  try {
    text = gunzipSync(gz).toString('utf8')
  } catch (err) {
    throw new ReplayFileError(file, 1, `not a gzip file (${(err as Error).message})`)
  }
  const trades: TapeTrade[] = []
  const books: TapeBook[] = []
  const pending: Diff[] = []
  let book: LocalBook | undefined
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string
    // Best bid/ask lines (two thirds of a capture) add nothing the book does not hold: passed over unparsed.
    if (raw.trim() === '' || raw.includes('@bookTicker"')) continue
    const line = i + 1
    const space = raw.indexOf(' ')
    let msg: unknown
    try {
      msg = JSON.parse(raw.slice(space + 1))
    } catch {
      throw new ReplayFileError(file, line, 'not `<ns> <JSON>`')
    }
    // Only the snapshot has `lastUpdateId` (a failed zod parse builds an error: not once per stream line).
    if (typeof msg === 'object' && msg !== null && 'lastUpdateId' in msg) {
      const snap = parseOr(snapshotMsg, msg, file, line)
      if (book) throw new ReplayFileError(file, line, 'a second depth snapshot')
      try {
        book = new LocalBook(snap.lastUpdateId, snap.bids, snap.asks)
      } catch (err) {
        throw new ReplayFileError(file, line, (err as Error).message)
      }
      for (const d of pending.splice(0)) applyDiff(book, d, file, books)
      continue
    }
    const wrapped = streamMsg.safeParse(msg)
    if (!wrapped.success) throw new ReplayFileError(file, line, 'neither a stream message nor a depth snapshot')
    const stream = wrapped.data.stream.toLowerCase()
    if (!stream.startsWith(`${symbol}@`)) throw new ReplayFileError(file, line, `stream ${stream} is not ${symbol}'s`)
    if (stream.endsWith('@trade')) {
      const t = parseOr(tradeMsg, wrapped.data.data, file, line)
      trades.push({ id: t.t, ts: t.T, price: t.p, amount: t.q, direction: t.m ? 'sell' : 'buy' })
    } else if (stream.includes('@depth')) {
      const d = { ...parseOr(diffMsg, wrapped.data.data, file, line), line }
      if (book) applyDiff(book, d, file, books)
      else pending.push(d)
    }
  }
  if (!book) throw new ReplayFileError(file, 1, 'no depth snapshot (`lastUpdateId`, bids, asks) in the capture')
  if (trades.length === 0) throw new ReplayFileError(file, 1, 'no trades in the capture')
  trades.sort((a, b) => a.ts - b.ts || a.id - b.id)
  return { symbol, trades, books, bars: barsOf(trades, file) }
}

function parseOr<T>(schema: z.ZodType<T>, value: unknown, file: string, line: number): T {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  const issue = r.error.issues[0]
  throw new ReplayFileError(file, line, `${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'invalid'}`)
}

function applyDiff(book: LocalBook, d: Diff, file: string, out: TapeBook[]): void {
  if (d.u <= book.updateId) return
  if (out.length === 0 ? d.U > book.updateId + 1 : d.U !== book.updateId + 1) {
    throw new ReplayFileError(file, d.line, `depth update ${d.U}–${d.u} does not follow ${book.updateId}: a gap`)
  }
  try {
    book.apply(d.u, d.b, d.a)
  } catch (err) {
    throw new ReplayFileError(file, d.line, (err as Error).message)
  }
  out.push({ ts: d.E, updateId: d.u, ...book.top(BOOK_LEVELS) })
}

/** A local L2 book: per side the prices in book order (best first) and each level's recorded price and size text. */
class LocalBook {
  private readonly bids = new BookSide(-1)
  private readonly asks = new BookSide(1)

  constructor(
    public updateId: number,
    bids: [string, string][],
    asks: [string, string][],
  ) {
    this.apply(updateId, bids, asks)
  }

  apply(updateId: number, bids: [string, string][], asks: [string, string][]): void {
    this.updateId = updateId
    for (const [p, q] of bids) this.bids.set(p, q)
    for (const [p, q] of asks) this.asks.set(p, q)
  }

  top(n: number): { bids: [string, string][]; asks: [string, string][] } {
    return { bids: this.bids.top(n), asks: this.asks.top(n) }
  }
}

/** One side of the book, kept sorted on every change (binary search), so the top levels are a slice. */
class BookSide {
  /** Prices in book order: ascending for asks (`order` 1), descending for bids (-1). */
  private readonly prices: number[] = []
  private readonly levels = new Map<number, [string, string]>()

  constructor(private readonly order: 1 | -1) {}

  /** Sets a level; a size of 0 removes it (Binance diff semantics). */
  set(priceText: string, sizeText: string): void {
    if (!DECIMAL.test(priceText) || !DECIMAL.test(sizeText)) {
      throw new Error(`level [${JSON.stringify(priceText)}, ${JSON.stringify(sizeText)}] is not two decimals`)
    }
    const price = Number(priceText)
    const at = this.indexOf(price)
    const present = this.prices[at] === price
    if (Number(sizeText) === 0) {
      if (present) {
        this.prices.splice(at, 1)
        this.levels.delete(price)
      }
      return
    }
    if (!present) this.prices.splice(at, 0, price)
    this.levels.set(price, [priceText, sizeText])
  }

  top(n: number): [string, string][] {
    return this.prices.slice(0, n).map((p) => this.levels.get(p) as [string, string])
  }

  /** First index whose price is not better than `price`. */
  private indexOf(price: number): number {
    let lo = 0
    let hi = this.prices.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (this.order * ((this.prices[mid] as number) - price) < 0) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

/** A minute of trades being summed into a bar. */
interface MinuteSums {
  t: number
  open: Big
  high: Big
  low: Big
  close: Big
  volume: Big
  quote: Big
  count: number
}

/** 1min bars of the trades (sorted by time), exact decimal sums; a minute without trades has no bar. */
function barsOf(trades: readonly TapeTrade[], file: string): RawBar[] {
  const minutes: MinuteSums[] = []
  for (const tr of trades) {
    const t = Math.floor(tr.ts / 60_000) * 60_000
    const p = new Big(tr.price)
    let m = minutes[minutes.length - 1]
    if (m?.t !== t) {
      m = { t, open: p, high: p, low: p, close: p, volume: new Big(0), quote: new Big(0), count: 0 }
      minutes.push(m)
    }
    if (p.gt(m.high)) m.high = p
    if (p.lt(m.low)) m.low = p
    m.close = p
    m.volume = m.volume.plus(tr.amount)
    m.quote = m.quote.plus(p.times(tr.amount))
    m.count++
  }
  const bars: RawBar[] = []
  for (const m of minutes) {
    const bar: RawBar = {
      t: m.t,
      open: m.open.toFixed(),
      high: m.high.toFixed(),
      low: m.low.toFixed(),
      close: m.close.toFixed(),
      volume: m.volume.toFixed(),
      quote: m.quote.toFixed(),
      count: m.count,
    }
    try {
      checkBar(bar, bars[bars.length - 1]?.t)
    } catch (err) {
      throw new ReplayFileError(file, 1, `trades of ${new Date(m.t).toISOString()}: ${(err as Error).message}`)
    }
    bars.push(bar)
  }
  return bars
}
