/**
 * Mark prices over the real NATS (server/bus/marks.ts): the marks ingest's board computes reach another process
 * as the same values (exact decimal strings), one market or all; a message that is not a valid mark is dropped.
 */
import { expect, it } from 'vitest'
import { forwardMarks, subscribeMarks } from '../../server/bus/marks'
import { subjects } from '../../server/bus/subjects'
import type { MarketEvent } from '../../server/market/types'
import { startMarkBoard, type MarkSnapshot } from '../../server/trading/contract/marks'
import { describeNats, testPrefix } from '../helpers/nats'
import { FakeMarket, SPECS } from './nats-market-fixtures'

await describeNats('mark prices', (open) => {
  it('every mark ingest computes reaches the engines as computed; an invalid one is dropped', async () => {
    const prefix = testPrefix()
    const listeners = new Set<(e: MarketEvent) => void>()
    const board = startMarkBoard({
      source: 'sim',
      listings: () => SPECS,
      onEvent: (l) => {
        listeners.add(l)
        return () => listeners.delete(l)
      },
    })
    const computed: MarkSnapshot[] = []
    board.onMark((m) => computed.push(m))
    const stop = forwardMarks(board, await open('ingest'), { prefix })

    const engine = await open('engine')
    const all: MarkSnapshot[] = []
    const eth: MarkSnapshot[] = []
    const logged: string[] = []
    await subscribeMarks(engine, (m) => all.push(m), { prefix, log: (l) => logged.push(l) })
    await subscribeMarks(engine, (m) => eth.push(m), { prefix, symbol: 'ethusdt' })

    const markets = SPECS.map((s) => new FakeMarket(s.symbol))
    for (let i = 0; i < 5; i++)
      for (const m of markets) for (const e of [m.book(), m.trades()]) for (const l of listeners) l(e)
    expect(computed.length).toBe(20)
    await expect.poll(() => all).toEqual(computed)
    expect(eth).toEqual(computed.filter((m) => m.symbol === 'ethusdt'))
    expect(typeof all[0]!.price).toBe('string')

    const bad = { ...computed[0]!, price: '1e3' }
    ;(await open('intruder')).publish(subjects(prefix).mark('btcusdt'), JSON.stringify(bad))
    await expect.poll(() => logged).toEqual([`nats: invalid mark on ${prefix}.tc.mark.btcusdt`])
    expect(all).toHaveLength(20)
    stop()
    board.stop()
  })
})
