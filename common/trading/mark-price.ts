/**
 * The mark price of a perpetual contract: what positions are valued at for unrealized PnL, take-profit and stop-loss
 * triggers and liquidation (DESIGN §4 Lever; reliability.md L7a: "no liquidation unless the mark price crosses").
 *
 * Formula (ours, after the exchanges'): mark = median(mid, last, EMA), where
 * - mid = (best bid + best ask) / 2 of the latest order book,
 * - last = the latest trade price (the ticker's close until a trade is seen),
 * - EMA = exponential moving average of the mid sampled once a second over MARK_EMA_SAMPLES samples
 *   (α = 2 / (N + 1)), each step rounded half-even to EMA_SCALE decimals so every process computes the same digits.
 * Binance publishes Mark Price = median(Price 1, Price 2, last price), Price 1 and 2 being the index price adjusted by
 * the funding basis and by a 5-minute moving average of the basis (Binance Futures FAQ "Mark Price"); we have no index
 * of several exchanges, so the book's mid and its short EMA take their place. A single trade far from the book moves
 * `last` only: the median then stays between the mid and the EMA, so one spike cannot liquidate anyone.
 */
import { add, compare, divide, multiply, parseDecimal, round, subtract, type DecimalString } from '../amount'

/** Samples of the EMA, one a second (a 30-second EMA). */
export const MARK_EMA_SAMPLES = 30
/** Decimals the EMA keeps between steps. */
export const EMA_SCALE = 12
/** After this many seconds without a book the EMA restarts at the mid ((1 − α)^300 < 10⁻⁸). */
const EMA_RESTART_S = 300

/** A feed price as exact text (common/amount/feed-number.ts, the one reading of feed numbers), kept here for callers. */
export { feedDecimal } from '../amount/feed-number'

/** The mark at one moment, with its inputs (quote currency) and the time of the event that produced it (ms). */
export interface Mark {
  price: DecimalString
  mid: DecimalString
  last: DecimalString
  ema: DecimalString
  ts: number
}

const TWO = parseDecimal('2')
const ALPHA_DEN = parseDecimal(String(MARK_EMA_SAMPLES + 1))

/** The middle of three. */
function median3(a: DecimalString, b: DecimalString, c: DecimalString): DecimalString {
  const [lo, hi] = compare(a, b) <= 0 ? [a, b] : [b, a]
  if (compare(c, lo) <= 0) return lo
  if (compare(c, hi) >= 0) return hi
  return c
}

/** The mark price of one symbol, fed with its books and trades in event order. */
export class MarkPrice {
  #mid: DecimalString | undefined
  #last: DecimalString | undefined
  #lastIsTrade = false
  #ema: DecimalString | undefined
  /** The whole second the EMA has been sampled up to (exclusive), epoch s. */
  #sampledTo = 0
  #ts = 0

  /** @param scale decimals of the mark (the market's price precision plus a few) */
  constructor(readonly scale: number) {}

  /** A book's best bid and ask (quote currency) at `ts` (ms). A crossed or empty side is ignored. */
  onBook(bestBid: DecimalString, bestAsk: DecimalString, ts: number): void {
    if (compare(bestBid, bestAsk) > 0) return
    const restart = this.#advance(ts)
    this.#mid = divide(add(bestBid, bestAsk), TWO, EMA_SCALE, 'half-even')
    if (restart || this.#ema === undefined) this.#ema = this.#mid
    this.#ts = Math.max(this.#ts, ts)
  }

  /** A trade's price at `ts` (ms). */
  onTrade(price: DecimalString, ts: number): void {
    this.#last = price
    this.#lastIsTrade = true
    this.#ts = Math.max(this.#ts, ts)
  }

  /** A ticker's close: the last price until trades are seen. */
  onTicker(close: DecimalString, ts: number): void {
    if (this.#lastIsTrade) return
    this.#last = close
    this.#ts = Math.max(this.#ts, ts)
  }

  /** The mark now; undefined before the first book. */
  mark(): Mark | undefined {
    const mid = this.#mid
    const ema = this.#ema
    if (mid === undefined || ema === undefined) return undefined
    const last = this.#last ?? mid
    const price = round(median3(mid, last, ema), this.scale, 'half-even')
    return { price, mid, last, ema, ts: this.#ts }
  }

  /**
   * Samples the EMA once for every whole second that ended before `ts`, with the mid in force during it. Answers true
   * when the gap was so long that the EMA must restart at the next mid.
   */
  #advance(ts: number): boolean {
    const second = Math.floor(ts / 1000)
    const mid = this.#mid
    if (mid === undefined || this.#ema === undefined) {
      this.#sampledTo = second
      return false
    }
    const steps = second - this.#sampledTo
    if (steps <= 0) return false
    this.#sampledTo = second
    if (steps >= EMA_RESTART_S) return true
    let ema = this.#ema
    for (let i = 0; i < steps; i++) {
      ema = round(
        add(ema, divide(multiply(subtract(mid, ema), TWO), ALPHA_DEN, EMA_SCALE + 4, 'half-even')),
        EMA_SCALE,
        'half-even',
      )
    }
    this.#ema = ema
    return false
  }
}
