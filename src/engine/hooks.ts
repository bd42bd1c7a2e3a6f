/**
 * React hooks over engine snapshots. Each hook subscribes while mounted and re-subscribes when its arguments change;
 * a subscription still being registered when the component unmounts is cancelled as soon as it resolves.
 */
import { useRouteContext } from '@tanstack/react-router'
import { startTransition, useEffect, useEffectEvent, useState } from 'react'
import type { BookSnapshot, EngineStatus, TickerSnapshot, TradesSnapshot } from '../../common/engine-api'
import type { EngineClient, Unsubscribe } from './types'

/** The market engine of this app, from the router context (main.tsx puts the worker's client there, tests a fake). */
export function useEngine(): EngineClient {
  return useRouteContext({ from: '__root__', select: (c) => c.engine })
}

/**
 * Applies a feed snapshot's state update as a transition: React renders it in slices of a few ms, yielding to input
 * and to the page between them, so a screen re-rendered by a tick is never one long task (a 4× slower phone CPU
 * turned each book or ticker render of /lever into a 50–110 ms task: Lighthouse TBT, issue 24 part 10). A newer
 * snapshot arriving mid-render replaces the one being rendered; typing and taps stay urgent. For state a screen derives
 * from the feed too (the marks of /lever).
 */
export const feedUpdate: (update: () => void) => void = startTransition

/** Last ticker seen per symbol on this page, so a remounting list paints at once. */
const lastTickers = new Map<string, TickerSnapshot>()

/**
 * Runs `subscribe` for the effect's lifetime, handling the async registration. `key` captures every argument of
 * `subscribe`, so only a new key re-subscribes; a fresh closure per render is not a new subscription.
 */
function useSubscription(subscribe: () => Promise<Unsubscribe>, key: string): void {
  const start = useEffectEvent(subscribe)
  useEffect(() => {
    let unsub: Unsubscribe | undefined
    let cancelled = false
    start().then(
      (u) => (cancelled ? u() : (unsub = u)),
      (err: unknown) => console.warn('engine subscription failed', err),
    )
    return () => {
      cancelled = true
      unsub?.()
    }
  }, [key])
}

/**
 * True on the render where `key` differs from the previous render's. The caller resets its state then, during
 * render (React's "adjusting state when a prop changes"), so no frame shows data of the previous key.
 */
function useKeyChanged(key: string): boolean {
  const [seen, setSeen] = useState(key)
  if (seen === key) return false
  setSeen(key)
  return true
}

function pick(symbols: string[]): Map<string, TickerSnapshot> {
  const out = new Map<string, TickerSnapshot>()
  for (const s of symbols) {
    const t = lastTickers.get(s)
    if (t) out.set(s, t)
  }
  return out
}

/**
 * Tickers of `symbols` by symbol. Seeded from the IndexedDB cache (origin 'cache', so offline still shows the last
 * markets with their age via `receivedAt`) and replaced by live snapshots as they arrive.
 * @param intervalMs snapshot interval, ms (default TICKER_FREQ_MS in the worker).
 */
export function useTickers(symbols: string[], intervalMs?: number): Map<string, TickerSnapshot> {
  const key = `${symbols.join(',')}|${intervalMs ?? ''}`
  const [map, setMap] = useState(() => pick(symbols))
  if (useKeyChanged(key)) setMap(pick(symbols))
  const engine = useEngine()
  useSubscription(async () => {
    const wanted = new Set(symbols)
    const merge = (snaps: TickerSnapshot[], onlyMissing: boolean) =>
      feedUpdate(() =>
        setMap((prev) => {
          const next = new Map(prev)
          for (const s of snaps) {
            if (!wanted.has(s.symbol) || (onlyMissing && next.has(s.symbol))) continue
            next.set(s.symbol, s)
            if (!onlyMissing) lastTickers.set(s.symbol, s)
          }
          return next
        }),
      )
    void engine.cachedTickers().then(
      (c) => merge(c, true),
      () => undefined,
    )
    return engine.onTickers(symbols, (snaps) => merge(snaps, false), intervalMs ? { intervalMs } : undefined)
  }, key)
  return map
}

/** Order book of `symbol` (bids descending, asks ascending, `depth` levels each; default 20), or undefined. */
export function useBook(symbol: string, depth?: number): BookSnapshot | undefined {
  const engine = useEngine()
  const [snap, setSnap] = useState<BookSnapshot>()
  if (useKeyChanged(symbol)) setSnap(undefined)
  useSubscription(
    () => engine.onBook(symbol, (b) => feedUpdate(() => setSnap(b)), depth ? { depth } : undefined),
    `${symbol}|${depth}`,
  )
  return snap
}

/** Latest trades of `symbol`, newest first (at most `limit`), or undefined before the first snapshot. */
export function useTrades(symbol: string, limit?: number): TradesSnapshot | undefined {
  const engine = useEngine()
  const [snap, setSnap] = useState<TradesSnapshot>()
  if (useKeyChanged(symbol)) setSnap(undefined)
  useSubscription(
    () => engine.onTrades(symbol, (t) => feedUpdate(() => setSnap(t)), limit ? { limit } : undefined),
    `${symbol}|${limit}`,
  )
  return snap
}

/** Engine status (connected, reconnects, counters), or undefined until the worker answers. */
export function useEngineStatus(): EngineStatus | undefined {
  const engine = useEngine()
  const [status, setStatus] = useState<EngineStatus>()
  useSubscription(() => engine.onStatus((st) => feedUpdate(() => setStatus(st))), 'status')
  return status
}
