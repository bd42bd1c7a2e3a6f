/**
 * Graceful overload (issue 9 part 3, reliability.md W5): frames are decoded in budgeted slices; when the engine is
 * behind, queued frames are conflated per topic (newest book/ticker/kline bar wins, trades kept within the trade
 * list's bound), every skipped frame is counted, and snapshot timers keep firing while a backlog drains.
 */
import { describe, expect, it } from 'vitest'
import type { BookSnapshot } from '../../common/engine-api'
import { TickerCache } from '../../src-worker/caches/tickers'
import { decodeFrame, type Push } from '../../src-worker/codec/decode'
import { frameKey, keyOfText } from '../../src-worker/codec/frame-key'
import { Scheduler } from '../../src-worker/publish/scheduler'
import { keys, TickerSubscription } from '../../src-worker/publish/subscriptions'
import { InboundQueue, type InboundOptions } from '../../src-worker/socket/inbound-queue'
import { FakeSocket } from './support/fake-socket'
import { gz, push, tickerTick } from './support/frames'
import { until } from './support/htx-server'
import { FAST_TIMING, makeEngine } from './support/engine-harness'

const book = (symbol: string, version: number) =>
  push(`market.${symbol}.depth.step0`, version, {
    bids: [[100 - version / 1000, 1]],
    asks: [[101 + version / 1000, 1]],
    version,
    ts: version,
  })
const ticker = (close: number) => push('market.btcusdt.ticker', close, tickerTick(close))
const trade = (tradeId: number) =>
  push('market.btcusdt.trade.detail', tradeId, {
    id: tradeId,
    ts: tradeId,
    data: [{ id: tradeId, ts: tradeId, tradeId, amount: 1, price: 100, direction: 'buy' }],
  })
const kline = (id: number, close: number) =>
  push('market.btcusdt.kline.1min', close, { id, open: 1, close, low: 1, high: close, amount: 1, vol: 1, count: 1 })

/** A queue whose slices run when `run()` is called; `process` records what was decoded. */
function manualQueue(over: Partial<InboundOptions> = {}) {
  const pushes: Push[] = []
  const other: string[] = []
  const pending: (() => void)[] = []
  const q = new InboundQueue({
    now: () => 0, // the clock never moves: one slice takes the whole backlog
    defer: (fn) => void pending.push(fn),
    process: (data) => {
      const d = decodeFrame(data as Uint8Array)
      if (d.kind === 'push') pushes.push(d.push)
      else other.push(d.kind)
    },
    ...over,
  })
  const run = () => {
    while (pending.length) pending.shift()!()
  }
  return { q, pushes, other, run }
}

describe('conflation when behind', () => {
  it('decodes only the newest book and ticker per topic, in order, and counts what it skipped', () => {
    const { q, pushes, run } = manualQueue()
    for (let v = 1; v <= 50; v++) {
      q.push(book('btcusdt', v), 0)
      q.push(ticker(v), 0)
      if (v % 10 === 0) q.push(book('ethusdt', v), 0)
    }
    run()
    const seen = pushes.map((p) =>
      p.channel === 'depth' ? `${p.symbol} book ${p.tick.version}` : `${p.channel} ${p.ts}`,
    )
    expect(seen).toEqual(['btcusdt book 50', 'ticker 50', 'ethusdt book 50'])
    expect(q.counters.conflated).toEqual({ depth: 49 + 4, ticker: 49, kline: 0 })
    expect(q.counters.decoded).toBe(3)
    expect(q.length).toBe(0)
  })

  it('keeps every trade frame within the trade list bound and drops only older ones beyond it', () => {
    const few = manualQueue()
    for (let i = 1; i <= 150; i++) {
      few.q.push(trade(i), 0)
      few.q.push(book('btcusdt', i), 0)
    }
    few.run()
    const ids = (ps: Push[]) => ps.flatMap((p) => (p.channel === 'trade' ? p.trades.map((t) => t.tradeId) : []))
    expect(ids(few.pushes)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1))
    expect(few.q.counters.tradesTrimmed).toBe(0)

    const many = manualQueue({ recentKept: 200 })
    for (let i = 1; i <= 300; i++) many.q.push(trade(i), 0)
    many.run()
    expect(ids(many.pushes)).toEqual(Array.from({ length: 200 }, (_, i) => i + 101))
    expect(many.q.counters.tradesTrimmed).toBe(100)
  })

  it('merges kline pushes by bar id: the newest state of each bar survives, no bar is lost', () => {
    const { q, pushes, run } = manualQueue()
    for (let i = 1; i <= 40; i++) q.push(kline(1_700_000_040, i), 0)
    for (let i = 41; i <= 70; i++) q.push(kline(1_700_000_100, i), 0)
    run()
    const bars = pushes.map((p) => (p.channel === 'kline' ? [p.tick.id, p.tick.close] : []))
    expect(bars).toEqual([
      [1_700_000_040, 40],
      [1_700_000_100, 70],
    ])
    expect(q.counters.conflated.kline).toBe(68)
  })

  it('conflates the older frames too when a preemption cut the first keying short', () => {
    // A busy machine: the worker is descheduled for 100 ms while it peeks at the newest frame, so the first slice's
    // keying budget runs out after one frame. The next slice must still key the 98 older books it left (before, it
    // stopped at the newest keyed frame and decoded all 100 books one by one: conflated 0, the flake seen in CI).
    let t = 0
    let peeks = 0
    const { q, pushes, run } = manualQueue({
      now: () => t,
      frameKey: (data) => {
        if (peeks++ === 0) t += 100
        return frameKey(data)
      },
    })
    for (let v = 1; v <= 100; v++) q.push(book('btcusdt', v), 0)
    run()
    expect(pushes.map((p) => p.channel === 'depth' && p.tick.version)).toEqual([1, 100])
    expect(q.counters.conflated.depth).toBe(98)
  })

  it('decodes every frame, in order, when not behind, and never reorders frames without a key', () => {
    const { q, pushes, other, run } = manualQueue()
    q.push(book('btcusdt', 1), 0)
    q.push(gz({ ping: 42 }), 0)
    q.push(book('btcusdt', 2), 0)
    run()
    expect(pushes.map((p) => p.channel === 'depth' && p.tick.version)).toEqual([1, 2])
    expect(other).toEqual(['ping'])
    expect(q.counters.peeked).toBe(0)
  })

  it('drops the oldest frame past the queue bound and counts it', () => {
    const { q, pushes, run } = manualQueue({ maxQueued: 10 })
    for (let i = 1; i <= 15; i++) q.push(trade(i), 0)
    run()
    expect(q.counters.overflow).toBe(5)
    expect(pushes.map((p) => p.channel === 'trade' && p.trades[0]!.tradeId)).toEqual([
      6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    ])
  })

  it('conflates before it drops: a burst of superseded books past the bound does not push out trades', () => {
    const { q, pushes, run } = manualQueue({ maxQueued: 10 })
    for (let v = 1; v <= 8; v++) q.push(book('btcusdt', v), 0)
    for (let i = 1; i <= 5; i++) q.push(trade(i), 0)
    expect(q.counters.queued).toBe(6)
    run()
    expect(q.counters.overflow).toBe(0)
    expect(q.counters.conflated.depth).toBe(7)
    expect(pushes.map((p) => (p.channel === 'trade' ? `t${p.trades[0]!.tradeId}` : p.channel))).toEqual([
      'depth',
      't1',
      't2',
      't3',
      't4',
      't5',
    ])
  })

  it('reads the conflation key from the head of a frame only', () => {
    expect(keyOfText('{"ch":"market.btcusdt.depth.step0","ts":1,"tick":{"bids":[[1,')).toEqual({
      key: 'market.btcusdt.depth.step0',
      keep: 'latest',
      channel: 'depth',
    })
    expect(keyOfText('{"ch":"market.btcusdt.kline.1min","ts":1,"tick":{"id":1700000040,"open"')?.key).toBe(
      'market.btcusdt.kline.1min|1700000040',
    )
    expect(keyOfText('{"ch":"market.btcusdt.kline.1min","ts":1,"tick":{"open":1,"id":1700000040')).toBeUndefined()
    expect(keyOfText('{"id":"7","status":"ok","rep":"market.btcusdt.kline.1min"')).toBeUndefined()
  })
})

describe('timers under a flood', () => {
  it('keeps the snapshot timer firing while a backlog drains in slices', async () => {
    // Each frame costs ~1 ms of real work (inflating a big book on a slow phone) and nothing can be conflated (no
    // keys): only slicing lets the scheduler's 30 ms timer deliver before the 600-frame backlog is gone.
    const cache = new TickerCache()
    const scheduler = new Scheduler(Date.now)
    const deliveredWhileQueued: number[] = []
    const q: InboundQueue = new InboundQueue({
      now: () => performance.now(),
      frameKey: () => undefined,
      process: (data) => {
        const end = performance.now() + 1
        while (performance.now() < end) void 0
        cache.apply('btcusdt', tickerTick(data as number), data as number, Date.now())
        scheduler.markDirty(keys.ticker('btcusdt'))
      },
    })
    const sub = new TickerSubscription(
      1,
      30,
      (snaps) => void (q.length > 0 && deliveredWhileQueued.push(snaps[0]!.close)),
      ['btcusdt'],
      cache,
    )
    scheduler.add(sub)
    for (let i = 1; i <= 600; i++) q.push(i, 0)
    await until(() => q.length === 0, 'backlog drained', 30_000)
    scheduler.remove(1)
    expect(q.counters.decoded).toBe(600)
    // Several snapshots went out while frames still waited, each newer than the last.
    expect(deliveredWhileQueued.length).toBeGreaterThanOrEqual(3)
    expect(deliveredWhileQueued).toEqual([...deliveredWhileQueued].sort((a, b) => a - b))
    expect(q.counters.slicesCut).toBeGreaterThan(10)
  })

  it('shows a flood in the engine counters and still delivers the newest book', async () => {
    FakeSocket.all = []
    // The scripted socket never answers pings: keep the silent-socket watchdog out of the way (it would drop the
    // socket, and its queued frames, if this loaded machine took longer than FAST_TIMING's 180 ms).
    const { engine, inspector } = makeEngine({
      socketFactory: (url) => new FakeSocket(url),
      timing: { ...FAST_TIMING, pingIntervalMs: 60_000, staleAfterMs: 600_000 },
    })
    const books: BookSnapshot[] = []
    await engine.connect({ url: 'ws://example.test/ws' })
    await engine.subscribeBook('btcusdt', (b) => void books.push(b), { intervalMs: 20 })
    const ws = FakeSocket.all[0]!
    ws.open()
    for (let v = 1; v <= 400; v++) {
      ws.receive({ ch: 'market.btcusdt.depth.step0', ts: v, tick: { bids: [[100, v]], asks: [[101, 1]], version: v } })
      ws.receive({ ch: 'market.btcusdt.ticker', ts: v, tick: tickerTick(v) })
    }
    await until(() => books.at(-1)?.version === 400, 'newest book')
    const stats = await engine.stats()
    expect(stats.frames).toBe(800)
    expect(stats.conflated.depth).toBeGreaterThan(0)
    expect(stats.decoded + stats.conflated.depth + stats.conflated.ticker).toBe(800)
    expect(stats.snapshotsDelivered).toBeGreaterThan(0)
    expect(inspector.counters).toMatchObject({ frames: 800, conflated: stats.conflated })
    await engine.close()
  })
})
