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

/** What the page knows about the drawn series without touching the chart: bar count, age and origin. */
export interface CandleSummary {
  /** `symbol|period` of the series counted. */
  key: string
  /** Bars held by the chart (0 before the first snapshot). */
  bars: number
  /** Newest bar id seen (epoch seconds), -Infinity before any. */
  lastId: number
  /** When the newest data reached the worker (epoch ms), or null. Refreshed at most every SUMMARY_REFRESH_MS. */
  receivedAt: number | null
  origin: CandleSnapshot['origin'] | undefined
}

/** Live ticks update the summary (and re-render the page) at most this often, ms; bar count changes always do. */
export const SUMMARY_REFRESH_MS = 10_000

export const emptySummary = (key: string): CandleSummary => ({
  key,
  bars: 0,
  lastId: -Infinity,
  receivedAt: null,
  origin: undefined,
})

/** Folds a snapshot into the summary; returns `prev` itself when nothing worth a render changed. */
export function summarize(prev: CandleSummary, snap: CandleSnapshot): CandleSummary {
  const key = `${snap.symbol}|${snap.period}`
  const base = key === prev.key && !snap.reset ? prev : emptySummary(key)
  let { bars, lastId } = base
  for (const b of snap.bars) {
    if (b.id > lastId) {
      bars++
      lastId = b.id
    }
  }
  if (snap.reset) bars = snap.bars.length
  const fresh =
    base !== prev ||
    bars !== prev.bars ||
    snap.origin !== prev.origin ||
    prev.receivedAt === null ||
    snap.receivedAt - prev.receivedAt >= SUMMARY_REFRESH_MS
  return fresh ? { key, bars, lastId, receivedAt: snap.receivedAt, origin: snap.origin } : prev
}

/** `source` with every candle snapshot also handed to `onSnapshot` (before the chart sees it). */
export function tapCandles(source: CandleSource, onSnapshot: (snap: CandleSnapshot) => void): CandleSource {
  return {
    onCandles: (symbol, period, cb) =>
      source.onCandles(symbol, period, (snap) => {
        onSnapshot(snap)
        cb(snap)
      }),
    loadHistory: (symbol, period, beforeId, count) => source.loadHistory(symbol, period, beforeId, count),
  }
}
