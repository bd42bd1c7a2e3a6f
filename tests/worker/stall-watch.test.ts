/** Per-topic watchdog (reliability.md W3): a periodic topic that goes quiet while the socket lives is resubscribed. */
import { describe, expect, it } from 'vitest'
import { StallWatch } from '../../src-worker/socket/stall-watch'

describe('stall watch', () => {
  it('flags a silent ticker or book after the stall time, never trades or klines', () => {
    let now = 0
    const w = new StallWatch(() => now, 20_000)
    const live = [
      { topic: 'market.btcusdt.ticker', freq: 5000 },
      { topic: 'market.btcusdt.depth.step0', freq: undefined },
      { topic: 'market.btcusdt.trade.detail', freq: undefined },
      { topic: 'market.btcusdt.kline.1min', freq: undefined },
    ]
    expect(w.stalled(live)).toEqual([])
    for (now = 1000; now <= 60_000; now += 1000) w.seen('market.btcusdt.depth.step0')
    expect(w.stalled(live)).toEqual(['market.btcusdt.ticker'])
    // Each flagged topic gets a fresh grace period instead of being resubscribed on every check.
    now += 5000
    expect(w.stalled(live)).toEqual([])
  })

  it('waits 3 × freq for slow tickers', () => {
    let now = 0
    const w = new StallWatch(() => now, 20_000)
    const live = [{ topic: 'market.btcusdt.ticker', freq: 10_000 }]
    w.seen('market.btcusdt.ticker')
    now = 25_000
    expect(w.stalled(live)).toEqual([])
    now = 31_000
    expect(w.stalled(live)).toEqual(['market.btcusdt.ticker'])
  })
})
