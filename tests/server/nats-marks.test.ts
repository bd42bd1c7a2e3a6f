/**
 * Mark prices over the real NATS (server/bus/marks.ts): the marks ingest's board computes reach another process
 * as the same values (exact decimal strings), one market or all; a message that is not a valid mark is dropped.
 */
import { expect, it } from 'vitest'
import { followMarks, forwardMarks, subscribeMarks } from '../../server/bus/marks'
import { subjects } from '../../server/bus/subjects'
import type { MarketEvent } from '../../server/market/types'
import { marksFor, startMarkBoard, useMarkBoard, type MarkSnapshot } from '../../server/trading/contract/marks'
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

  it("a process following ingest's marks answers them from marksFor, not marks of its own", async () => {
    const prefix = testPrefix()
    const listeners = new Set<(e: MarketEvent) => void>()
    const ingestMarket = {
      source: 'sim' as const,
      listings: () => SPECS,
      onEvent: (l: (e: MarketEvent) => void) => {
        listeners.add(l)
        return () => listeners.delete(l)
      },
    }
    const ingestBoard = startMarkBoard(ingestMarket)
    const stop = forwardMarks(ingestBoard, await open('ingest'), { prefix })
    // The engine's own market hears other events (a feed of its own would): its marks must not come from them.
    const engineListeners = new Set<(e: MarketEvent) => void>()
    const engineMarket = {
      source: 'sim' as const,
      listings: () => SPECS,
      onEvent: (l: (e: MarketEvent) => void) => {
        engineListeners.add(l)
        return () => engineListeners.delete(l)
      },
    }
    const followed = await followMarks(await open('engine'), { prefix })
    useMarkBoard(engineMarket, followed)
    const heard: MarkSnapshot[] = []
    marksFor(engineMarket).onMark((m) => heard.push(m))

    const ingestFeed = new FakeMarket('btcusdt')
    const engineFeed = new FakeMarket('btcusdt')
    for (let i = 0; i < 5; i++) engineFeed.candle() // other prices than ingest's
    for (const e of [engineFeed.book(), engineFeed.trades()]) for (const l of engineListeners) l(e)
    for (const e of [ingestFeed.book(), ingestFeed.trades()]) for (const l of listeners) l(e)
    const last = ingestBoard.mark('btcusdt')!
    expect(engineFeed.book()).not.toEqual(ingestFeed.book())
    await expect.poll(() => marksFor(engineMarket).mark('btcusdt')).toEqual(last)
    expect(heard.map((m) => m.price)).toEqual([last.mid, last.price])
    stop()
    ingestBoard.stop()
    followed.stop()
  })
})
