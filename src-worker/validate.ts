/** Argument checks for calls arriving from the UI: a bad argument rejects with an error naming it. */
import { KLINE_PERIODS, parseTopic, tickerTopic, type KlinePeriod } from '../common/feed/topics'

/** Returns `symbol` when it is a well-formed market symbol (`btcusdt`, `BTC-USDT`); throws otherwise. */
export function checkSymbol(symbol: unknown, field = 'symbol'): string {
  if (typeof symbol !== 'string' || !parseTopic(tickerTopic(symbol))) {
    throw new Error(`${field}: not a market symbol: ${JSON.stringify(symbol)}`)
  }
  return symbol
}

export function checkPeriod(period: unknown): KlinePeriod {
  if (!(KLINE_PERIODS as readonly unknown[]).includes(period)) {
    throw new Error(`period: expected one of ${KLINE_PERIODS.join(', ')}, got ${JSON.stringify(period)}`)
  }
  return period as KlinePeriod
}

/** A positive integer ≤ `max`. */
export function checkCount(n: unknown, field = 'count', max = 10_000): number {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > max) {
    throw new Error(`${field}: expected an integer 1-${max}, got ${JSON.stringify(n)}`)
  }
  return n
}

/** An interval in ms, 10 ms – 1 h. */
export function checkInterval(ms: unknown, field = 'intervalMs'): number {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 10 || ms > 3_600_000) {
    throw new Error(`${field}: expected ms between 10 and 3600000, got ${JSON.stringify(ms)}`)
  }
  return ms
}

/** Most-recently-used list of at most `max` items, newest first. */
export class LruList<T> {
  private list: T[] = []
  constructor(private readonly max: number) {}
  touch(item: T): void {
    this.list = [item, ...this.list.filter((x) => x !== item)].slice(0, this.max)
  }
  /** Adds at the old end (restoring an earlier session's order) unless already present or full. */
  append(item: T): void {
    if (!this.list.includes(item) && this.list.length < this.max) this.list.push(item)
  }
  items(): T[] {
    return [...this.list]
  }
}
