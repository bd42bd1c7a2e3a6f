/** Candle series per symbol+period, each remembering whether its bars came from IndexedDB or the live feed. */
import type { SnapshotOrigin } from '../../common/engine-api'
import { CandleSeries } from '../../common/feed/candle-series'
import type { KlineTick } from '../../common/feed/messages'
import type { KlinePeriod } from '../../common/feed/topics'

/** Bars kept per series; older ones are dropped (≈ 35 days of 1min bars, 1.6 MB per series). */
export const MAX_BARS = 50_000

export interface SeriesEntry {
  symbol: string
  period: KlinePeriod
  series: CandleSeries
  origin: SnapshotOrigin
  receivedAt: number
  /** Holds bars restored from IndexedDB that no live history answer has replaced yet. */
  restored: boolean
}

export const seriesKey = (symbol: string, period: KlinePeriod) => `${symbol}|${period}`

export class CandleCache {
  private readonly entries = new Map<string, SeriesEntry>()

  constructor(private readonly maxBars = MAX_BARS) {}

  /** The entry for symbol+period, created empty on first use. */
  entry(symbol: string, period: KlinePeriod): SeriesEntry {
    const key = seriesKey(symbol, period)
    let e = this.entries.get(key)
    if (!e) {
      e = { symbol, period, series: new CandleSeries(this.maxBars), origin: 'live', receivedAt: 0, restored: false }
      this.entries.set(key, e)
    }
    return e
  }

  get(symbol: string, period: KlinePeriod): SeriesEntry | undefined {
    return this.entries.get(seriesKey(symbol, period))
  }

  /**
   * Applies live bars: a push, or a `req` answer. With `replaceRestored` (the first history answer after connecting)
   * bars restored from IndexedDB are dropped first, because the live feed is the truth and the two may not line up.
   */
  applyLive(
    symbol: string,
    period: KlinePeriod,
    bars: readonly KlineTick[],
    receivedAt: number,
    replaceRestored = false,
  ): SeriesEntry {
    const e = this.entry(symbol, period)
    if (replaceRestored && e.restored) {
      e.series.clear()
      e.restored = false
    }
    if (bars.length === 1) e.series.upsert(bars[0]!)
    else if (bars.length > 1) e.series.merge(bars)
    // An empty answer still counts as news: subscribers learn there is nothing to draw.
    else e.series.touch()
    e.origin = 'live'
    e.receivedAt = receivedAt
    return e
  }

  /** Restores bars from IndexedDB into an empty series; ignored when the series already has data. */
  restore(symbol: string, period: KlinePeriod, bars: readonly KlineTick[], receivedAt: number): boolean {
    const e = this.entry(symbol, period)
    if (e.series.length > 0) return false
    e.series.merge(bars)
    e.origin = 'cache'
    e.receivedAt = receivedAt
    e.restored = true
    return true
  }

  all(): SeriesEntry[] {
    return [...this.entries.values()]
  }
}
