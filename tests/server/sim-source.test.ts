// The sim source: deterministic for an explicit seed, secure random draws without one, every catalog market (spot, futures, forex) with ~3 days of history,
// prices at market precision around the seed price, and live pushes through the gateway.
import { afterAll, describe, expect, it } from 'vitest'
import type { KlineTick } from '../../common/feed/messages'
import { CATALOG } from '../../server/market/catalog'
import { startMarket } from '../../server/market/index'
import { SimMarket } from '../../server/market/sources/sim/sim-market'
import { SIM_HISTORY_BARS, createSimSource } from '../../server/market/sources/sim/index'
import type { SourceSink } from '../../server/market/sources/source'
import { decimalsOf } from '../../server/market/sources/units'
import type { MarketEvent, MarketService } from '../../server/market/types'
import { FeedClient } from '../helpers/market-client'

const END = 1_800_000_000 - (1_800_000_000 % 60)

function capture(): SourceSink & { bars: Map<string, KlineTick[]>; events: MarketEvent[] } {
  const bars = new Map<string, KlineTick[]>()
  const events: MarketEvent[] = []
  return { bars, events, history: (s, b) => bars.set(s, b), event: (e) => events.push(e) }
}

describe('sim determinism', () => {
  const entry = CATALOG[0]!
  const run = (seed: number) => {
    const m = new SimMarket(entry, seed)
    const history = m.history(END, 200)
    const ticks = Array.from({ length: 20 }, (_, i) => m.tick(END * 1000 + i * 250, 0.25))
    return { history, ticks }
  }

  it('gives the same history and the same ticks for the same seed', () => {
    expect(run(42)).toEqual(run(42))
  })

  it('gives different markets for different seeds', () => {
    expect(run(42).history).not.toEqual(run(43).history)
  })

  it('is deterministic across the whole source for a seed and a start time', async () => {
    const a = capture()
    const b = capture()
    const sa = createSimSource({ seed: 7, now: () => END * 1000 })
    const sb = createSimSource({ seed: 7, now: () => END * 1000 })
    await sa.start(a)
    await sb.start(b)
    await sa.stop()
    await sb.stop()
    expect([...a.bars]).toEqual([...b.bars])
    expect(a.events).toEqual(b.events)
  })
})

describe('sim without a seed', () => {
  it('gives different markets on every start', async () => {
    const a = capture()
    const b = capture()
    for (const [sink, source] of [a, b].map((x) => [x, createSimSource({ now: () => END * 1000 })] as const)) {
      await source.start(sink)
      await source.stop()
    }
    expect(a.bars.get('btcusdt')).not.toEqual(b.bars.get('btcusdt'))
  })
})

describe('sim markets', async () => {
  const sink = capture()
  const source = createSimSource({ now: () => END * 1000 })
  await source.start(sink)
  await source.stop()

  it('covers every catalog market of all three categories', () => {
    expect(source.specs.map((s) => s.symbol)).toEqual(CATALOG.map((e) => e.symbol))
    expect(new Set(source.specs.map((s) => s.category))).toEqual(new Set(['spot', 'futures', 'forex']))
    // No seed given: secure random draws, and nothing in the detail to rebuild it from.
    expect(source.detail).toBe('random')
  })

  it.each(CATALOG.map((e) => [e.symbol, e] as const))(
    '%s has 3 days of sound 1min bars at its precision near its seed price',
    (symbol, e) => {
      const bars = sink.bars.get(symbol)!
      expect(bars).toHaveLength(SIM_HISTORY_BARS)
      expect(bars.at(-1)!.id).toBe(END - 60)
      for (const b of bars) {
        expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close))
        expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close))
        expect(Math.max(...[b.open, b.high, b.low, b.close].map(decimalsOf))).toBeLessThanOrEqual(e.price_precision)
        expect(decimalsOf(b.amount)).toBeLessThanOrEqual(e.amount_precision)
      }
      const ratio = bars.at(-1)!.close / Number(e.simPrice)
      expect(ratio).toBeGreaterThan(0.6)
      expect(ratio).toBeLessThan(1.6)
    },
  )

  it('emits a trade, a running bar and a book for every market when it goes live', () => {
    for (const e of CATALOG) {
      const kinds = sink.events.filter((ev) => ev.symbol === e.symbol).map((ev) => ev.type)
      expect(new Set(kinds)).toEqual(new Set(['trades', 'candle', 'book']))
    }
  })
})

describe('sim through the gateway', () => {
  let market: MarketService
  afterAll(() => market?.close())

  it('pushes live tickers for spot, futures and forex markets', async () => {
    market = await startMarket(
      { host: '127.0.0.1', port: 0, source: 'sim', simSeed: 9, replaySpeed: 1 },
      { simTickMs: 50 },
    )
    expect([market.source, market.sourceDetail, market.live]).toEqual(['sim', 'seed 9', false])
    const c = await FeedClient.connect(`ws://127.0.0.1:${market.port}`)
    for (const s of ['btcusdt', 'BTC-USDT', 'eurusd']) await c.call({ sub: `market.${s}.ticker` })
    for (const s of ['btcusdt', 'BTC-USDT', 'eurusd']) {
      const push = await c.waitFor((m) => m.ch === `market.${s}.ticker`)
      expect((push.tick as { close: number }).close).toBeGreaterThan(0)
      expect(market.lastTicker(s)?.close).toBeGreaterThan(0)
    }
    c.close()
  })
})
