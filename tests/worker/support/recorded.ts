/**
 * Real recorded market data from ../shared/data/market (PROVENANCE.md), turned into HTX-shaped frames. The data is
 * never copied into the repo; every loader returns undefined when its file is absent so tests can skip with a
 * message (under CI=true an absent file throws instead, failing the test file). Derived fields (a ticker's bid/ask from a candle's close, a book from Binance depth) are marked as such.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import type { DepthTick, KlineTick, Level, TickerTick, TradeItem } from '../../../common/feed/messages'
import { recordedDataPresent } from '../../helpers/prerequisites'
import { readBinanceSpotCsv } from '../../helpers/recorded-klines'

/** Root of the recorded data; MARKET_DATA_DIR overrides. */
export const DATA_DIR =
  process.env.MARKET_DATA_DIR ?? fileURLToPath(new URL('../../../../shared/data/market/', import.meta.url))

const file = (rel: string) => join(DATA_DIR, rel)
/** Locally false when absent (tests skip); under CI=true an absent file throws (see tests/helpers/prerequisites). */
const present = (rel: string) => recordedDataPresent(file(rel))

export const FILES = {
  htxSpot: 'ws/htx-spot-ws-depth-trade-2021-04-17-decoded.jsonl',
  htxSwap: 'ws/htx-linear-swap-ws-depth-trade-2022-02-19-decoded.jsonl',
  btcKlines: 'klines/binance-spot-BTCUSDT-1m-2025-10-29_2025-11-01.csv',
  btcTrades: 'trades-depth/nautilus-binance-spot-BTCUSDT-trades-2021-01-08T0000_0001.csv',
  btcDepth: 'trades-depth/hftbacktest-binance-spot-BTCUSDT-ws-capture-2024-08-08T2354_2400.gz',
} as const

/** Message why a recorded-data test is skipped. */
export const missing = (rel: string) => `recorded data ${file(rel)} is absent (see ../shared/data/market/PROVENANCE.md)`

/** Incoming messages of an HTX capture (decoded JSON, as the exchange sent them), or undefined when absent. */
export function htxCapture(rel: string): unknown[] | undefined {
  if (!present(rel)) return undefined
  return readFileSync(file(rel), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { dir: string; msg?: unknown })
    .filter((r) => r.dir === 'in')
    .map((r) => r.msg)
}

/** Binance 1-minute klines (spot CSV with header, ISO times) as HTX bars: id = open time in seconds. */
export function btcKlines(): KlineTick[] | undefined {
  return present(FILES.btcKlines) ? readBinanceSpotCsv(file(FILES.btcKlines)) : undefined
}

/**
 * Tickers rolled over the recorded bars: 24 h open/high/low/volume over the previous 1,440 bars, close = the bar's
 * close. bid/ask are derived (close ∓ 0.01) and sizes from the bar's volume; the candle file has no quotes.
 */
export function btcTickers(n: number): { ts: number; tick: TickerTick }[] | undefined {
  const bars = btcKlines()
  if (!bars) return undefined
  const out: { ts: number; tick: TickerTick }[] = []
  for (let i = 1440; i < bars.length && out.length < n; i++) {
    const win = bars.slice(i - 1440, i + 1)
    const b = bars[i]!
    const sum = (f: (x: KlineTick) => number) => win.reduce((s, x) => s + f(x), 0)
    const close = b.close
    out.push({
      ts: b.id * 1000 + 59_000,
      tick: {
        open: win[0]!.open,
        high: Math.max(...win.map((x) => x.high)),
        low: Math.min(...win.map((x) => x.low)),
        close,
        amount: round(
          sum((x) => x.amount),
          8,
        ),
        vol: round(
          sum((x) => x.vol),
          8,
        ),
        count: sum((x) => x.count),
        bid: round(close - 0.01, 2),
        bidSize: round(b.amount / 10, 5),
        ask: round(close + 0.01, 2),
        askSize: round(b.amount / 12, 5),
        lastPrice: close,
        lastSize: round(b.amount / b.count, 6),
      },
    })
  }
  return out
}

/** Real Binance trade prints as HTX trade items (direction = taker side: buyer_maker → sell). */
export function btcTrades(): TradeItem[] | undefined {
  if (!present(FILES.btcTrades)) return undefined
  return readFileSync(file(FILES.btcTrades), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line): TradeItem => {
      const [ts, tradeId, price, qty, buyerMaker] = line.split(',')
      const id = Number(tradeId)
      return {
        id: id * 1e4,
        ts: Date.parse(ts!),
        tradeId: id,
        amount: Number(qty),
        price: Number(price),
        direction: buyerMaker === 'True' ? 'sell' : 'buy',
      }
    })
}

/**
 * Successive real BTCUSDT books: the recorded REST snapshot (1,000 levels a side) rolled forward by the recorded
 * 100 ms diffs (qty 0 deletes, others replace), each trimmed to `levels` as a depth.step0 tick.
 */
export function btcBooks(levels: number, n: number): DepthTick[] | undefined {
  if (!present(FILES.btcDepth)) return undefined
  const lines = gunzipSync(readFileSync(file(FILES.btcDepth)))
    .toString('utf8')
    .split('\n')
  const snapLine = lines.find((l) => l.includes('"lastUpdateId"'))
  if (!snapLine) return undefined
  const snap = JSON.parse(snapLine.slice(snapLine.indexOf(' ') + 1)) as {
    lastUpdateId: number
    bids: string[][]
    asks: string[][]
  }
  const bids = new Map(snap.bids.map(([p, q]) => [Number(p), Number(q)]))
  const asks = new Map(snap.asks.map(([p, q]) => [Number(p), Number(q)]))
  const out: DepthTick[] = []
  for (const line of lines) {
    if (out.length >= n) break
    if (!line.includes('depthUpdate')) continue
    const { data: d } = JSON.parse(line.slice(line.indexOf(' ') + 1)) as {
      data: { E: number; u: number; b: string[][]; a: string[][] }
    }
    if (d.u <= snap.lastUpdateId) continue
    for (const [side, changes] of [
      [bids, d.b],
      [asks, d.a],
    ] as const) {
      for (const [p, q] of changes) {
        if (Number(q) === 0) side.delete(Number(p))
        else side.set(Number(p), Number(q))
      }
    }
    const top = (m: Map<number, number>, desc: boolean): Level[] =>
      [...m].sort((x, y) => (desc ? y[0] - x[0] : x[0] - y[0])).slice(0, levels)
    out.push({ bids: top(bids, true), asks: top(asks, false), version: d.u, ts: d.E })
  }
  return out
}

function round(x: number, dp: number): number {
  return Number(x.toFixed(dp))
}
