/** Coalescing: many changes within an interval become one delivery with the latest state. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TickerCache } from '../../src-worker/caches/tickers'
import { Scheduler } from '../../src-worker/publish/scheduler'
import { keys, TickerSubscription } from '../../src-worker/publish/subscriptions'
import type { TickerSnapshot } from '../../common/engine-api'
import { tickerTick as tick } from './support/frames'

describe('scheduler', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  function setup(intervalMs: number, cb: (s: TickerSnapshot[]) => unknown) {
    const cache = new TickerCache()
    const sched = new Scheduler(Date.now)
    const apply = (symbol: string, close: number) => {
      cache.apply(symbol, tick(close), Date.now(), Date.now())
      sched.markDirty(keys.ticker(symbol))
    }
    sched.add(new TickerSubscription(1, intervalMs, cb, ['btcusdt', 'ethusdt'], cache))
    return { apply, sched }
  }

  it('merges a burst into one delivery per interval, latest values only', () => {
    const got: TickerSnapshot[][] = []
    const { apply } = setup(100, (s) => void got.push(s))
    for (let i = 1; i <= 50; i++) apply('btcusdt', i)
    apply('ethusdt', 7)
    vi.advanceTimersByTime(0)
    expect(got).toHaveLength(1)
    expect(got[0]!.map((t) => [t.symbol, t.close])).toEqual([
      ['btcusdt', 50],
      ['ethusdt', 7],
    ])
    for (let i = 51; i <= 80; i++) {
      apply('btcusdt', i)
      vi.advanceTimersByTime(3)
    }
    // 90 ms of ticks: at most one more delivery (the interval is 100 ms), carrying the newest close.
    vi.advanceTimersByTime(100)
    expect(got).toHaveLength(2)
    expect(got[1]!.map((t) => t.close)).toEqual([80])
  })

  it('fills a list at once: a symbol not yet shown does not wait for the 5 s interval, a repeat does', () => {
    const got: TickerSnapshot[][] = []
    const { apply } = setup(5000, (s) => void got.push(s))
    apply('btcusdt', 1)
    vi.advanceTimersByTime(0)
    expect(got.map((s) => s.map((t) => t.symbol))).toEqual([['btcusdt']])
    vi.advanceTimersByTime(300)
    apply('ethusdt', 2) // first price of a row the user is looking at: shown within FIRST_FILL_MS
    vi.advanceTimersByTime(100)
    expect(got.map((s) => s.map((t) => t.symbol))).toEqual([['btcusdt'], ['ethusdt']])
    apply('btcusdt', 3) // a change to a row already shown waits for the interval
    vi.advanceTimersByTime(1000)
    expect(got).toHaveLength(2)
    vi.advanceTimersByTime(4000)
    expect(got).toHaveLength(3)
    expect(got[2]!.map((t) => t.close)).toEqual([3])
  })

  it('holds further snapshots while the UI has not run the previous callback, then sends the newest', async () => {
    let release!: () => void
    const got: number[] = []
    const { apply } = setup(10, (s) => {
      got.push(s[0]!.close)
      return new Promise<void>((r) => (release = r))
    })
    apply('btcusdt', 1)
    vi.advanceTimersByTime(0)
    for (let i = 2; i <= 100; i++) {
      apply('btcusdt', i)
      vi.advanceTimersByTime(20)
    }
    expect(got).toEqual([1])
    release()
    await vi.advanceTimersByTimeAsync(20)
    expect(got).toEqual([1, 100])
  })

  it('delivers nothing after a subscription is removed', () => {
    const got: unknown[] = []
    const { apply, sched } = setup(100, (s) => void got.push(s))
    apply('btcusdt', 1)
    sched.remove(1)
    vi.advanceTimersByTime(500)
    expect(got).toEqual([])
  })
})
