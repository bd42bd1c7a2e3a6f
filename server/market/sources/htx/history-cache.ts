/**
 * Cache of upstream kline `req` answers, keyed by symbol, period and window. A window that ends in the past is
 * final and kept long; one that reaches now (no `to`, or `to` within two bars of now) only briefly.
 */
import type { KlineTick } from '../../../../common/feed/messages'
import { PERIOD_SECONDS, type KlinePeriod } from '../../../../common/feed/topics'

const MAX_ENTRIES = 512
const FINAL_TTL_MS = 10 * 60_000
const FRESH_TTL_MS = 2000

export class HistoryCache {
  private readonly entries = new Map<string, { bars: KlineTick[]; expires: number }>()

  constructor(private readonly now: () => number = Date.now) {}

  key(symbol: string, period: KlinePeriod, from?: number, to?: number): string {
    return `${symbol}|${period}|${from ?? ''}|${to ?? ''}`
  }

  get(key: string): KlineTick[] | undefined {
    const e = this.entries.get(key)
    if (!e) return undefined
    if (e.expires < this.now()) {
      this.entries.delete(key)
      return undefined
    }
    return e.bars
  }

  put(key: string, period: KlinePeriod, to: number | undefined, bars: KlineTick[]): void {
    const final = to !== undefined && to * 1000 < this.now() - 2 * PERIOD_SECONDS[period] * 1000
    this.entries.set(key, { bars, expires: this.now() + (final ? FINAL_TTL_MS : FRESH_TTL_MS) })
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
  }
}
