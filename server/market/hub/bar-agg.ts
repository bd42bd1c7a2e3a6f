/**
 * Exact OHLCV aggregation: a bar whose volume sums are big.js decimals, so coarser periods and the rolling ticker
 * are sums of the 1min bars to the last digit. Rounded to the market's precision only when a bar is emitted.
 */
import Big from 'big.js'
// Feed numbers (JSON or decimal literals), read as written: common/decimal feedDec.
import { feedDec as dec } from '../../../common/decimal'
import type { KlineTick } from '../../../common/feed/messages'
import { exactUnits } from '../sources/units'

/** Decimals used when a bar leaves the hub: prices (quote), `amount` (base volume), `vol` (quote turnover). */
export interface BarPrecision {
  price: number
  volume: number
  turnover: number
}

/** A bar under aggregation. `id` = open time, epoch seconds; `first`/`last` = ids of its first/last 1min bar. */
export interface AggBar {
  id: number
  open: number
  high: number
  low: number
  close: number
  amount: Big
  vol: Big
  count: number
  first: number
  last: number
}

/** Change of one 1min bar between two versions (the whole bar when it is new). */
export interface MinuteDelta {
  bar: KlineTick
  amount: Big
  vol: Big
  count: number
}

/** Delta from `prev` (undefined: the minute is new) to `next`. */
export function minuteDelta(next: KlineTick, prev: KlineTick | undefined): MinuteDelta {
  if (!prev) return { bar: next, amount: dec(next.amount), vol: dec(next.vol), count: next.count }
  return {
    bar: next,
    amount: dec(next.amount).minus(dec(prev.amount)),
    vol: dec(next.vol).minus(dec(prev.vol)),
    count: next.count - prev.count,
  }
}

/** Starts a coarse bar at `id` (seconds) from its first 1min bar. */
export function openAgg(id: number, m: KlineTick): AggBar {
  return {
    id,
    open: m.open,
    high: m.high,
    low: m.low,
    close: m.close,
    amount: dec(m.amount),
    vol: dec(m.vol),
    count: m.count,
    first: m.id,
    last: m.id,
  }
}

/**
 * Applies a 1min change to the coarse bar holding it. High/low only widen (a revised minute never narrows a range in
 * our sources); open follows the earliest minute and close the latest.
 */
export function applyDelta(agg: AggBar, d: MinuteDelta): void {
  const m = d.bar
  agg.amount = agg.amount.plus(d.amount)
  agg.vol = agg.vol.plus(d.vol)
  agg.count += d.count
  if (m.high > agg.high) agg.high = m.high
  if (m.low < agg.low) agg.low = m.low
  if (m.id < agg.first) {
    agg.first = m.id
    agg.open = m.open
  }
  if (m.id >= agg.last) {
    agg.last = m.id
    agg.close = m.close
  }
}

/** Rounds a decimal half-up to `dp` places and returns it as a JSON number (a decimal literal when stringified). */
export function roundNum(value: Big, dp: number): number {
  return Number(value.toFixed(dp, Big.roundHalfUp))
}

/** Rounds a price given as a number to `dp` places. */
export function roundPrice(value: number, dp: number): number {
  // A price already on the tick (every sim and replay price) rounds to itself: no big.js parse and format.
  if (!Number.isNaN(exactUnits(value, dp))) return value
  return roundNum(dec(value), dp)
}

/** The emitted form of an aggregated bar. */
export function aggToTick(agg: AggBar, p: BarPrecision): KlineTick {
  return {
    id: agg.id,
    open: roundPrice(agg.open, p.price),
    close: roundPrice(agg.close, p.price),
    low: roundPrice(agg.low, p.price),
    high: roundPrice(agg.high, p.price),
    amount: roundNum(agg.amount, p.volume),
    vol: roundNum(agg.vol, p.turnover),
    count: agg.count,
  }
}

/**
 * Back from an emitted bar to an aggregate, for revising a closed bar: its first/last minutes are unknown, so a
 * revision changes sums and range but never its open or close.
 */
export function tickToAgg(t: KlineTick): AggBar {
  const { id, open, high, low, close, count } = t
  return { id, open, high, low, close, count, amount: dec(t.amount), vol: dec(t.vol), first: -Infinity, last: Infinity }
}
