// How a recorded bar is played: the running 1min bar grows along the derived price path and equals the file's bar
// exactly once complete; derived trades split the volume exactly; the recording loops; the derived book brackets
// the last price; a restart resumes where the wall clock says instead of rewinding.
import Big from 'big.js'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { KlineTick, TradeItem } from '../../common/feed/messages'
import { createReplaySource } from '../../server/market/sources/replay/index'
import { loadReplay } from '../../server/market/sources/replay/load'
import { SymbolPlayer } from '../../server/market/sources/replay/player'
import type { MarketEvent } from '../../server/market/types'
import { recordedBarAt } from '../helpers/market-klines'

const GOOD = join(import.meta.dirname, '../fixtures/market/good')
const BASE = 1_800_000_000 - (1_800_000_000 % 60)

async function player(symbol: string) {
  const series = await loadReplay(GOOD)
  const s = series.find((x) => x.spec.symbol === symbol)!
  return new SymbolPlayer(s.spec, s.bars, BASE, 60, 0)
}

/** Plays second by second from the start of bar 0 to `seconds` later. */
function play(p: SymbolPlayer, seconds: number) {
  const events: MarketEvent[] = []
  for (let s = 0; s <= seconds; s++) events.push(...p.advanceTo((BASE + s) * 1000))
  const candles = events.flatMap((e) => (e.type === 'candle' ? [e.bar] : []))
  const trades = events.flatMap((e) => (e.type === 'trades' ? e.trades : []))
  return { candles, trades }
}

describe('replay play', () => {
  it('grows the running bar toward the file bar and ends equal to it', async () => {
    const { candles } = play(await player('testusdt'), 61)
    const first = candles.filter((b) => b.id === BASE)
    expect(first.length).toBeGreaterThan(30)
    expect(first.at(-1)).toEqual<KlineTick>({
      id: BASE,
      open: 100.1,
      high: 100.5,
      low: 100,
      close: 100.4,
      amount: 1.5,
      vol: 150.45,
      count: 10,
    })
    for (let i = 1; i < first.length; i++) {
      expect(first[i]!.amount).toBeGreaterThanOrEqual(first[i - 1]!.amount)
      expect(first[i]!.high).toBeGreaterThanOrEqual(first[i - 1]!.high)
      expect(first[i]!.low).toBeLessThanOrEqual(first[i - 1]!.low)
    }
    // close ≥ open: the path visits the low before the high.
    const lowAt = first.findIndex((b) => b.low === 100)
    const highAt = first.findIndex((b) => b.high === 100.5)
    expect(lowAt).toBeLessThan(highAt)
  })

  it('derives trades that add up to the bar volume, inside its range, in order', async () => {
    const { trades } = play(await player('testusdt'), 61)
    const bar0 = trades.filter((t) => t.ts < (BASE + 60) * 1000 || t.tradeId < 1000)
    const total = bar0.reduce((s, t) => s.plus(String(t.amount)), new Big(0))
    expect(total.toString()).toBe('1.5')
    for (const t of bar0) expect(t.price >= 100 && t.price <= 100.5).toBe(true)
    const ids = trades.map((t: TradeItem) => t.tradeId)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
  })

  it('plays a zero-volume bar without trades and loops after the last bar', async () => {
    const p = await player('testusdt')
    const { candles, trades } = play(p, 6 * 60 + 1)
    const bar4 = candles.filter((b) => b.id === BASE + 240).at(-1)
    expect(bar4).toMatchObject({ open: 100, high: 100.1, low: 99.99, close: 100.1, amount: 0, count: 0 })
    expect(trades.some((t) => t.ts > (BASE + 240) * 1000 && t.ts < (BASE + 300) * 1000)).toBe(false)
    // Bar 5 is the recording's bar 0 again, re-timed after bar 4.
    expect(candles.filter((b) => b.id === BASE + 300).at(-1)).toMatchObject({
      open: 100.1,
      high: 100.5,
      low: 100,
      close: 100.4,
      amount: 1.5,
    })
  })

  it('derives a book bracketing the last price, bids descending and asks ascending', async () => {
    const p = await player('testusdt')
    const { trades } = play(p, 30)
    const last = trades.at(-1)!
    const e = p.book((BASE + 30) * 1000)
    if (e.type !== 'book') throw new Error('not a book')
    const { bids, asks } = e.tick
    expect(bids.length).toBe(20)
    expect(bids[0]![0]).toBeLessThan(asks[0]![0])
    expect([bids[0]![0], asks[0]![0]]).toContain(last.price)
    expect(bids.map((l) => l[0])).toEqual([...bids.map((l) => l[0])].sort((a, b) => b - a))
    expect(asks.map((l) => l[0])).toEqual([...asks.map((l) => l[0])].sort((a, b) => a - b))
    for (const [, size] of [...bids, ...asks]) expect(size).toBeGreaterThan(0)
  })

  it('resumes across a restart: each minute plays the bar the wall clock maps to, whenever the server started', async () => {
    const recorded = (await loadReplay(GOOD)).find((x) => x.spec.symbol === 'testusdt')!.bars
    /** Starts a replay whose wall clock reads `at` (ms); answers its history and first candles of testusdt. */
    async function runAt(at: number) {
      const source = await createReplaySource(GOOD, { speed: 1, now: () => at })
      const history: KlineTick[] = []
      const live: KlineTick[] = []
      await source.start({
        history: (symbol, bars) => symbol === 'testusdt' && history.push(...bars),
        event: (e) => e.type === 'candle' && e.symbol === 'testusdt' && live.push(e.bar),
      })
      await source.stop()
      return { history, live }
    }
    const first = await runAt(BASE * 1000 + 20_000)
    // Restarted 2 min 30 s later: not rewound to the recording's start, but on the bars the clock says.
    const second = await runAt(BASE * 1000 + 170_000)
    expect(first.live.at(-1)!.id).toBe(BASE)
    expect(second.live.at(-1)!.id).toBe(BASE + 120)
    for (const run of [first, second]) {
      for (const bar of run.history) {
        const file = recordedBarAt(recorded, bar.id)
        expect([bar.open, bar.high, bar.low, bar.close], `bar ${bar.id}`).toEqual(
          [file.open, file.high, file.low, file.close].map(Number),
        )
      }
    }
    // The bars both runs know are the same bars.
    const again = new Map(second.history.map((b) => [b.id, b]))
    const shared = first.history.filter((b) => again.has(b.id))
    expect(shared.length).toBeGreaterThan(0)
    for (const b of shared) expect(again.get(b.id)).toEqual(b)
  })
})
