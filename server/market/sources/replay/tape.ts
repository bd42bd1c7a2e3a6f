/**
 * A recorded tape (parse-capture.ts) indexed for playing: which recording minutes it covers, the trades of each
 * minute, and the recorded book at any recording time. The player uses it for the minutes where trades and depth
 * were recorded, and derives them only elsewhere.
 */
import Big from 'big.js'
import type { DepthTick, KlineTick } from '../../../../common/feed/messages'
import type { Tape, TapeBook, TapeTrade } from './parse-capture'

/** Tape trades of one recording minute, with the bar they add up to so far. */
export class TapeMinute {
  constructor(
    /** Open time of the minute on the recording's clock, epoch ms. */
    readonly t: number,
    /** Its trades, oldest first. */
    readonly trades: readonly TapeTrade[],
  ) {}

  /** How many trades happened in the first `offsetMs` of the minute. */
  countBy(offsetMs: number): number {
    let lo = 0
    let hi = this.trades.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((this.trades[mid] as TapeTrade).ts - this.t <= offsetMs) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /** The running 1min bar after the first `n` trades (n ≥ 1), `id` its open time in seconds; sums exact. */
  barAfter(n: number, id: number, turnoverDecimals: number): KlineTick {
    const first = this.trades[0] as TapeTrade
    let high = new Big(first.price)
    let low = high
    let amount = new Big(0)
    let vol = new Big(0)
    for (let i = 0; i < n; i++) {
      const tr = this.trades[i] as TapeTrade
      const p = new Big(tr.price)
      if (p.gt(high)) high = p
      if (p.lt(low)) low = p
      amount = amount.plus(tr.amount)
      vol = vol.plus(p.times(tr.amount))
    }
    return {
      id,
      open: Number(first.price),
      close: Number((this.trades[n - 1] as TapeTrade).price),
      low: Number(low),
      high: Number(high),
      amount: Number(amount),
      vol: Number(vol.toFixed(turnoverDecimals)),
      count: n,
    }
  }
}

/** A tape as the player reads it. */
export class TapePlayback {
  private readonly minutes = new Map<number, TapeMinute>()

  constructor(private readonly tape: Tape) {
    let from = 0
    const trades = tape.trades
    while (from < trades.length) {
      const t = Math.floor((trades[from] as TapeTrade).ts / 60_000) * 60_000
      let to = from
      while (to < trades.length && (trades[to] as TapeTrade).ts < t + 60_000) to++
      this.minutes.set(t, new TapeMinute(t, trades.slice(from, to)))
      from = to
    }
  }

  /** The recorded trades of the minute opening at `t` (recording clock, ms), if the tape covers it. */
  minute(t: number): TapeMinute | undefined {
    return this.minutes.get(t)
  }

  /**
   * The recorded book at recording time `ms` as a depth tick stamped `ts` (`version` given by the caller), or
   * undefined outside the tape's book (before its first diff, or more than a minute after its last).
   */
  bookAt(ms: number, ts: number, version: number): DepthTick | undefined {
    const books = this.tape.books
    const last = books[books.length - 1]
    if (!last || ms < (books[0] as TapeBook).ts || ms > last.ts + 60_000) return undefined
    let lo = 0
    let hi = books.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((books[mid] as TapeBook).ts <= ms) lo = mid + 1
      else hi = mid
    }
    const b = books[lo - 1] as TapeBook
    const levels = (side: [string, string][]) => side.map(([p, q]) => [Number(p), Number(q)] as [number, number])
    return { bids: levels(b.bids), asks: levels(b.asks), version, ts }
  }
}
