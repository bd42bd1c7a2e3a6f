/**
 * Connects a ChartController to a candle source for one symbol and period: the first (reset) snapshot replaces the
 * series, later ones upsert changed bars, and history pages are fetched when the controller asks. Snapshots of a
 * previous symbol/period that arrive late are ignored.
 */
import { useEffect } from 'react'
import type { CandleSnapshot } from '../../../common/engine-api'
import type { KlineTick } from '../../../common/feed/messages'
import { PERIOD_SECONDS, type KlinePeriod } from '../../../common/feed/topics'
import { HISTORY_PAGE, type ChartController } from './chart-controller'

/** The part of the engine client the chart needs (src/engine EngineClient satisfies it). */
export interface CandleSource {
  onCandles(symbol: string, period: KlinePeriod, cb: (snap: CandleSnapshot) => void): Promise<() => void>
  loadHistory(symbol: string, period: KlinePeriod, beforeId: number, count?: number): Promise<KlineTick[]>
}

/** Subscribes `controller` to `source` while mounted and while symbol/period stay the same. */
export function useCandleFeed(controller: ChartController, source: CandleSource, symbol: string, period: KlinePeriod) {
  useEffect(() => {
    let live = true
    let unsub: (() => void) | undefined
    controller.switchSeries(PERIOD_SECONDS[period])
    controller.setHistoryLoader((beforeId) => {
      source.loadHistory(symbol, period, beforeId, HISTORY_PAGE).then(
        (bars) => live && controller.historyLoaded(bars),
        () => live && controller.historyFailed(),
      )
    })
    source
      .onCandles(symbol, period, (snap) => {
        if (live && snap.symbol === symbol && snap.period === period) controller.applySnapshot(snap)
      })
      .then(
        (u) => (live ? (unsub = u) : u()),
        (err: unknown) => console.warn('candle subscription failed', err),
      )
    return () => {
      live = false
      controller.setHistoryLoader(undefined)
      unsub?.()
    }
  }, [controller, source, symbol, period])
}
