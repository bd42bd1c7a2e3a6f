/**
 * A derived order book for sources that have no recorded book (replay, sim). It is documented as derived: the best
 * bid/ask sit one price tick apart around the last trade (the taker side's best level is the last price), further
 * levels step away by about 1 basis point of the price, and level sizes scale with recent traded volume, growing
 * with depth and varied by a seeded generator. It is a plausible shape, not a recorded book.
 */
import type { DepthTick, Level } from '../../../common/feed/messages'
import { fromUnits } from './units'
import type { Rand } from './prng'

/** Levels per side of a derived book. */
export const DERIVED_LEVELS = 20

export interface DerivedBookInput {
  /** Last trade price in ticks (units of 10^-pricePrecision). */
  lastTicks: number
  pricePrecision: number
  /** Decimals of level sizes. */
  sizePrecision: number
  /** Mean size of the first level, in size units (10^-sizePrecision); at least 1 is used. */
  meanSizeUnits: number
  /** Taker side of the last trade: a buy lifted the ask (ask = last), a sell hit the bid (bid = last). */
  lastSide: 'buy' | 'sell'
  version: number
  ts: number
  rand: Rand
}

/** Builds a full book: bids descending, asks ascending, DERIVED_LEVELS each (fewer bids when prices would reach 0). */
export function deriveBook(input: DerivedBookInput): DepthTick {
  const { lastTicks, pricePrecision: pp, sizePrecision: sp, rand } = input
  const bestBid = input.lastSide === 'sell' ? lastTicks : lastTicks - 1
  const step = Math.max(1, Math.round(lastTicks / 10_000))
  const mean = Math.max(1, input.meanSizeUnits)
  const size = (i: number) => fromUnits(Math.max(1, Math.round(mean * (0.3 + 1.4 * rand()) * (1 + i / 8))), sp)
  const bids: Level[] = []
  const asks: Level[] = []
  for (let i = 0; i < DERIVED_LEVELS; i++) {
    const bid = bestBid - i * step
    if (bid > 0) bids.push([fromUnits(bid, pp), size(i)])
    asks.push([fromUnits(bestBid + 1 + i * step, pp), size(i)])
  }
  return { bids, asks, version: input.version, ts: input.ts }
}
