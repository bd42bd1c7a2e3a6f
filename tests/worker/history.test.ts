// The K-line's first request for each period (src-worker/history.ts latestBars) stays within the `from`/`to` bounds
// the feed accepts (htx-protocol.md a5; the gateway's client-schema.ts refuses the rest), for every period.
import { describe, expect, it } from 'vitest'
import { KLINE_PERIODS } from '../../common/feed/topics'
import { REQ_TIME_MIN_S } from '../../server/market/gateway/protocol'
import { parseClientMessage } from '../../server/market/gateway/client-schema'
import { latestBars, REQ_MIN_SEC } from '../../src-worker/history'

describe('latest bars', () => {
  it('asks for every period, 1mon included, within the bounds the gateway accepts', async () => {
    expect(REQ_MIN_SEC).toBe(REQ_TIME_MIN_S)
    const now = Date.UTC(2026, 11, 2, 9, 30) / 1000
    for (const period of KLINE_PERIODS) {
      const asked: { from?: number; to?: number }[] = []
      await latestBars(
        async (_topic, params) => {
          asked.push(params)
          return []
        },
        'btcusdt',
        period,
        now,
      )
      const frame = JSON.stringify({ req: `market.btcusdt.kline.${period}`, id: '1', ...asked[0] })
      expect(parseClientMessage(frame), period).toMatchObject({ kind: 'req' })
      expect(asked[0]!.to, period).toBe(now)
    }
  })
})
