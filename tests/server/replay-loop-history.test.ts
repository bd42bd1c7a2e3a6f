// Issue 24 part 5: "the server has at least 200 bars of each period on replay". The recordings hold days of 1min
// bars; the replay loops them (bar i of the loop plays in minute i after REPLAY_EPOCH_MS), so the bars of any period
// before the minutes kept are the loop read backwards (server/market/sources/replay/loop-history.ts). Here, from the
// REAL recordings: those bars equal the hub's own folding of the minutes the loop plays (the oracle: the player's
// minutes, aggregated by history-agg.ts), and a market on the whole data folder answers `req` with ≥ 200 bars of every
// period, one per bucket, the earlier ones joined to those the minutes make.
import { describe, expect, it } from 'vitest'
import type { KlineTick } from '../../common/feed/messages'
import { KLINE_PERIODS, PERIOD_SECONDS, type KlinePeriod } from '../../common/feed/topics'
import { aggToTick } from '../../server/market/hub/bar-agg'
import { aggregateHistory } from '../../server/market/hub/history-agg'
import { bucketStart } from '../../server/market/hub/periods'
import { startMarket } from '../../server/market/index'
import { REPLAY_EPOCH_MS, stepsPerBar } from '../../server/market/sources/replay/index'
import { EARLIER_PERIODS, LoopHistory } from '../../server/market/sources/replay/loop-history'
import { SymbolPlayer } from '../../server/market/sources/replay/player'
import { barAt, planBar, wholeMinute } from '../../server/market/sources/replay/bar-plan'
import { fromUnits } from '../../server/market/sources/units'
import { loadReplay } from '../../server/market/sources/replay/load'
import { REPLAY_DIR, replayDataPresent } from '../e2e/replay-data'
import { FeedClient } from '../helpers/market-client'

const HAVE = replayDataPresent()
if (!HAVE) console.warn(`replay-loop-history: SKIPPED, ${REPLAY_DIR} is absent (real market data not on this machine)`)

let loaded: ReturnType<typeof loadReplay> | undefined
/** The whole data folder as the e2e server replays it, loaded once for the file. */
const recordings = () => (loaded ??= loadReplay(REPLAY_DIR))

/** The bucket after the one opening at `id` (a month is at most 31 days). */
const nextBucket = (period: KlinePeriod, id: number) =>
  bucketStart(period, id + (period === '1mon' ? 31 * 86_400 : PERIOD_SECONDS[period]))

describe.skipIf(!HAVE)('the replay loop read backwards', () => {
  it('takes each recorded minute as the whole bar the player plays, without planning it', async () => {
    // Every 7th bar of every recording (Binance klines with quote volumes and counts, freqtrade without, forex
    // without volumes), plus every bar whose volume is too small for each tick to get a print.
    let compared = 0
    for (const s of await recordings()) {
      const steps = stepsPerBar(1)
      s.bars.forEach((raw, i) => {
        const m = wholeMinute(raw, s.spec, steps)
        if (i % 7 !== 0 && (m.volume === 0 || m.volume > 30 * steps)) return
        const plan = planBar(raw, s.spec, steps)
        const bar = barAt(plan, plan.points.length, 0, s.spec)
        const pp = s.spec.price_precision
        const whole = {
          id: 0,
          open: fromUnits(m.open, pp),
          close: fromUnits(m.close, pp),
          low: fromUnits(m.low, pp),
          high: fromUnits(m.high, pp),
          amount: fromUnits(m.volume, s.spec.volume_decimals),
          vol: Number(`${m.quote}e-${s.spec.turnover_decimals}`),
          count: m.count,
        }
        expect(whole, `${s.spec.symbol} bar ${i}`).toEqual(bar)
        compared++
      })
    }
    expect(compared).toBeGreaterThan(20_000)
  }, 60_000)

  it('folds the loop minutes exactly as the hub folds the minutes the player plays, across loop seams', async () => {
    const series = (await recordings()).find((s) => s.spec.symbol === 'btcusdt')
    const spec = series!.spec
    const baseId = REPLAY_EPOCH_MS / 1000
    // 70 days of the loop (the recording is ~2 weeks of minutes: several seams), ending mid-day and mid-month.
    const firstMinuteIdx = 2_400_017
    const count = 70 * 1440
    const player = new SymbolPlayer(spec, series!.bars, baseId, stepsPerBar(1), firstMinuteIdx - 1)
    const minutes = player.history(count)
    expect(minutes.at(-1)!.id).toBe(baseId + (firstMinuteIdx - 1) * 60)
    const loop = new LoopHistory(player.fileMinutes(), spec, baseId)
    const precision = { price: spec.price_precision, volume: spec.volume_decimals, turnover: spec.turnover_decimals }
    const folded = aggregateHistory(minutes, precision)
    const firstMinuteId = baseId + firstMinuteIdx * 60
    for (const period of EARLIER_PERIODS) {
      // The oracle's bars from the second on (its first may start before the 70 days); its last is the bucket the
      // minute `firstMinuteId` is in, cut before it: the loop's last bar is that same part.
      const oracle = folded
        .get(period)!
        .slice(1)
        .map((a) => aggToTick(a, precision))
      expect(oracle.length, period).toBeGreaterThan(period === '1mon' ? 1 : 2)
      expect(loop.before(period, firstMinuteId, oracle.length), period).toEqual(oracle)
    }
  }, 60_000)

  it('a replayed market answers at least 200 bars of every period, one per bucket, up to the bar playing now', async () => {
    const market = await startMarket(
      { host: '127.0.0.1', port: 0, source: `replay:${REPLAY_DIR}`, replaySpeed: 1 },
      { limits: { reqPerSec: 1000, reqBurst: 1000 } },
    )
    const client = await FeedClient.connect(`ws://127.0.0.1:${market.port}`)
    try {
      const klines = async (symbol: string, period: KlinePeriod) => {
        const rep = await client.call({ req: `market.${symbol}.kline.${period}` })
        expect(rep.status, `${symbol} ${period}`).toBe('ok')
        return rep.data as KlineTick[]
      }
      for (const symbol of ['btcusdt', 'ltcusdt', 'eurusd']) {
        // The earlier bars come a moment after the start (a symbol per turn of the event loop).
        await expect.poll(async () => (await klines(symbol, '1mon')).length, { timeout: 30_000 }).toBe(300)
        for (const period of KLINE_PERIODS) {
          const asked = Math.floor(Date.now() / 1000)
          const bars = await klines(symbol, period)
          const answered = Math.floor(Date.now() / 1000)
          expect(bars.length, `${symbol} ${period}`).toBeGreaterThanOrEqual(200)
          bars.forEach((b, i) => {
            expect(b.low, `${symbol} ${period} ${b.id}`).toBeLessThanOrEqual(Math.min(b.open, b.close))
            expect(b.high, `${symbol} ${period} ${b.id}`).toBeGreaterThanOrEqual(Math.max(b.open, b.close))
            if (i > 0)
              expect(b.id, `${symbol} ${period} after ${bars[i - 1]!.id}`).toBe(nextBucket(period, bars[i - 1]!.id))
          })
          // The bar playing now: the one of the asking time, or of the answer's when a minute began in between.
          expect([bucketStart(period, asked), bucketStart(period, answered)], `${symbol} ${period}`).toContain(
            bars.at(-1)!.id,
          )
        }
      }
    } finally {
      client.close()
      await market.close()
    }
  }, 120_000)
})
