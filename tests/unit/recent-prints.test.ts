/**
 * The prints a risk engine keeps for a takeover (server/trading/contract/recent-prints.ts): the last REPLAY_KEEP_MS
 * per market, at most MAX_PENDING_BATCHES, given back oldest first for the markets asked.
 */
import { describe, expect, it } from 'vitest'
import { RecentPrints } from '../../server/trading/contract/recent-prints'
import { MAX_PENDING_BATCHES, REPLAY_KEEP_MS } from '../../server/trading/spot/matcher'

const prints = (symbol: string, id: number) => ({
  type: 'trades' as const,
  symbol,
  ts: id,
  trades: [{ id, ts: id, tradeId: id, amount: 1, price: 100, direction: 'buy' as const }],
})

describe('recent prints', () => {
  it('keeps the last seconds of each market, oldest first, only for the markets asked', () => {
    const kept = new RecentPrints()
    kept.add(prints('btcusdt', 1), 1_000)
    kept.add(prints('ethusdt', 2), 2_000)
    kept.add(prints('btcusdt', 3), 3_000 + REPLAY_KEEP_MS)
    kept.add(prints('btcusdt', 4), 4_000 + REPLAY_KEEP_MS)
    const ids = (now: number, wanted: (s: string) => boolean) => kept.since(now, wanted).map((k) => k.event.ts)
    // The btcusdt print of 1,000 fell out when one of 3,000 + keep came; ethusdt's is older than the window asked.
    expect(ids(4_000 + REPLAY_KEEP_MS, () => true)).toEqual([3, 4])
    expect(ids(2_000 + REPLAY_KEEP_MS, () => true)).toEqual([2, 3, 4])
    expect(ids(2_000 + REPLAY_KEEP_MS, (s) => s === 'ethusdt')).toEqual([2])
  })

  it('holds at most MAX_PENDING_BATCHES per market', () => {
    const kept = new RecentPrints()
    for (let i = 0; i < MAX_PENDING_BATCHES + 50; i++) kept.add(prints('btcusdt', i), 1_000)
    const left = kept.since(1_000, () => true)
    expect(left).toHaveLength(MAX_PENDING_BATCHES)
    expect(left[0]!.event.ts).toBe(50)
  })
})
