// The end-to-end tests plan their waits on what the replay will print (tests/e2e/replay-data.ts printsPlayedBetween:
// the server's player run ahead on the wall clock). Here the real replay source plays three minutes of the recordings
// on a fake clock from mid-minute, as the e2e server does on the real one, and prints exactly the trades the look-ahead said it would.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createReplaySource } from '../../server/market/sources/replay/index'
import type { MarketEvent } from '../../server/market/types'
import { type PlayedPrint, REPLAY_DIR, printsPlayedBetween, replayDataPresent, restingLimit } from '../e2e/replay-data'

const HAVE = replayDataPresent()
if (!HAVE) console.warn(`replay-lookahead: SKIPPED, ${REPLAY_DIR} is absent (real market data not on this machine)`)

afterEach(() => {
  vi.useRealTimers()
})

describe.skipIf(!HAVE)('the replay look-ahead of the end-to-end tests', () => {
  it('predicts every BTC/USDT trade the replay source prints, to the millisecond', async () => {
    const start = Date.UTC(2026, 11, 1, 22, 30, 17, 300)
    vi.useFakeTimers({ now: start, toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] })
    const source = await createReplaySource(REPLAY_DIR, { speed: 1 })
    const played: PlayedPrint[] = []
    await source.start({
      history() {},
      event(e: MarketEvent) {
        if (e.type === 'trades' && e.symbol === 'btcusdt')
          for (const t of e.trades) played.push({ ts: t.ts, price: t.price, amount: t.amount })
      },
    })
    vi.advanceTimersByTime(3 * 60_000)
    await source.stop()
    const from = start + 2_000 // what the source printed from then on (it plays the minute's earlier ticks at start)
    const to = start + 3 * 60_000 - 2_000
    const inWindow = played.filter((p) => p.ts >= from && p.ts <= to)
    expect(inWindow.length).toBeGreaterThan(100)
    expect(await printsPlayedBetween('btcusdt', from, to)).toEqual(inWindow)
  }, 60_000)

  it('plans resting limit orders that do not cross the book they are placed into', async () => {
    // The derived book's best bid and ask sit at the last print (derive-book.ts); a plan that ignored the prints
    // before its start put a sell under a falling market's bid (CI: "limit sell at 28001.32" filled at placement).
    const crossed: string[] = []
    for (let k = 0; k < 24; k++) {
      const from = Date.UTC(2026, 11, 2, 0, 0, 0) + k * 3_607_300
      const plan = await restingLimit('btcusdt', from, 90_000, 0.001)
      const last = (await printsPlayedBetween('btcusdt', from - 60_000, from)).at(-1)!
      const crosses = plan.side === 'sell' ? Number(plan.price) <= last.price : Number(plan.price) >= last.price
      if (crosses) crossed.push(`${new Date(from).toISOString()}: ${plan.side} ${plan.price}, last ${last.price}`)
      expect(plan.fillsAt).toBeGreaterThan(from + 90_000)
    }
    expect(crossed).toEqual([])
  }, 120_000)
})
