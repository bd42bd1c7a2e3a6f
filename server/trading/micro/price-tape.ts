/**
 * The feed prices a process has seen lately, per symbol, for settling second contracts at "the first feed price at
 * or after expiry": each ticker the hub emits (close price and event time) is kept for KEEP_MS. After a restart the
 * tape starts empty, so a contract that expired while the server was down settles at the first price seen after it
 * came back (still at or after its expiry, and recorded with its time).
 */
import { feedDecimal } from '../../../common/amount'
import type { MarketEvent, MarketService } from '../../market/types'

/** How long prices are kept, ms: longer than the longest wait for a settlement pass. */
export const KEEP_MS = 10 * 60_000

/** A price and its feed event time (ms). */
export interface TapePrice {
  price: number
  ts: number
}

/** Keeps the market's ticker prices; `stop` ends the listening. */
export class PriceTape {
  private readonly bySymbol = new Map<string, TapePrice[]>()
  private readonly unlisten: () => void
  /** When this tape started listening (server clock, ms): it knows no price received before. */
  readonly since: number

  constructor(market: Pick<MarketService, 'onEvent'>, now: () => number = Date.now) {
    this.since = now()
    this.unlisten = market.onEvent((e: MarketEvent) => {
      if (e.type === 'ticker') this.add(e.symbol, { price: e.tick.close, ts: e.ts })
    })
  }

  /** Records a price (tests and sources that tick without tickers). */
  add(symbol: string, p: TapePrice): void {
    if (!feedDecimal(p.price)) return // not a usable price (feed-number.ts): never settle on it
    let list = this.bySymbol.get(symbol)
    if (!list) this.bySymbol.set(symbol, (list = []))
    // Event times only grow per symbol; an older one (a replayed frame) is not a later price.
    const last = list[list.length - 1]
    if (last && p.ts < last.ts) return
    list.push(p)
    const cutoff = p.ts - KEEP_MS
    let drop = 0
    while (drop < list.length - 1 && (list[drop] as TapePrice).ts < cutoff) drop++
    if (drop > 0) list.splice(0, drop)
  }

  /** The first price of `symbol` at or after `ms`, or undefined when none has been seen yet. */
  firstAtOrAfter(symbol: string, ms: number): TapePrice | undefined {
    const list = this.bySymbol.get(symbol) ?? []
    let lo = 0
    let hi = list.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((list[mid] as TapePrice).ts < ms) lo = mid + 1
      else hi = mid
    }
    return list[lo]
  }

  /** The latest price of `symbol` seen, or undefined. */
  latest(symbol: string): TapePrice | undefined {
    return this.bySymbol.get(symbol)?.at(-1)
  }

  stop(): void {
    this.unlisten()
  }
}
