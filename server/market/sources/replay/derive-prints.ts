/**
 * Derived trade prints of a recorded 1min bar (documented in replay/index.ts): how the bar's volume is spread over
 * the ticks of its price path, and the taker side of each print. Sizes vary from print to print and sides follow the
 * path (mostly buys on an up-move, mostly sells on a down-move, some of the other side), drawn from a mulberry32
 * stream seeded by the symbol and the bar's recorded open time, so every process and every loop of the recording
 * derives the same prints for the same minute. Only integer and basic float arithmetic is used (no Math.exp/log), so
 * the result does not depend on the platform's math library.
 */
import { hash32, mulberry32 } from '../prng'

/** Taker side of a derived print. */
export type PrintSide = 'buy' | 'sell'

/** Probability that a print on a price move takes the move's side (an up-tick is a buy, a down-tick a sell). */
export const WITH_MOVE = 0.8
/** Probability of a buy on a tick where the price does not move, by the bar's direction (close vs open). */
const FLAT_BUY = { up: 0.6, down: 0.4, flat: 0.5 } as const

export interface DerivedPrints {
  /**
   * Cumulative volume after each print, in units of 10^-volume_decimals: `cum[0]` = 0, `cum[k]` after print k,
   * non-decreasing, and `cum[n]` = the bar's volume exactly (n = number of path points). A print of size 0 is not sent.
   */
  cum: number[]
  /** Taker side of print k at index k − 1. */
  sides: PrintSide[]
}

/** The seed of a bar's prints: FNV-1a of the symbol and the bar's recorded open time (epoch ms). */
export function printSeed(symbol: string, barOpenMs: number): number {
  return hash32(`replay-prints:${symbol}:${barOpenMs}`)
}

/**
 * Spreads `volumeUnits` (integer units of 10^-volume_decimals) over the prints at `points` (prices in integer ticks,
 * one per print, the last being the close) of a bar opening at `openTicks`. Each print gets a weight 0.2 + 3u³ (u
 * uniform: mostly small prints, some up to 16× the smallest), with prints against the move at 0.6× weight; the
 * cumulative sizes are the floor of the volume times the cumulative weight share, so they add up to the volume
 * exactly. Same `seed`, same inputs → same prints.
 */
export function derivePrints(
  points: readonly number[],
  openTicks: number,
  volumeUnits: number,
  seed: number,
): DerivedPrints {
  const rand = mulberry32(seed)
  const n = points.length
  const close = points[n - 1] ?? openTicks
  const flatBuy = close > openTicks ? FLAT_BUY.up : close < openTicks ? FLAT_BUY.down : FLAT_BUY.flat
  const sides: PrintSide[] = []
  const weights: number[] = []
  let prev = openTicks
  for (const p of points) {
    const buyP = p > prev ? WITH_MOVE : p < prev ? 1 - WITH_MOVE : flatBuy
    const side: PrintSide = rand() < buyP ? 'buy' : 'sell'
    const against = (p > prev && side === 'sell') || (p < prev && side === 'buy')
    const u = rand()
    weights.push((0.2 + 3 * u * u * u) * (against ? 0.6 : 1))
    sides.push(side)
    prev = p
  }
  const total = weights.reduce((a, b) => a + b, 0)
  const cum = [0]
  let w = 0
  for (let k = 1; k <= n; k++) {
    w += weights[k - 1] as number
    cum.push(k === n ? volumeUnits : Math.min(volumeUnits, Math.floor(volumeUnits * (w / total))))
  }
  return { cum, sides }
}
