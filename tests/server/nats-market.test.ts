/**
 * The market across processes on the real NATS (server/bus/market-publisher.ts, market-source.ts): ingest runs the
 * real (simulated) source through the publisher; a process connected before it starts and one that joins while it
 * runs replay the same calls in the same order, numbered, and end with the same hub as ingest's. The late joiner's
 * snapshot is followed by exactly the calls after it: no gap, no repeat.
 */
import { expect, it } from 'vitest'
import { NatsMarketPublisher } from '../../server/bus/market-publisher'
import { NatsMarketSource } from '../../server/bus/market-source'
import { createSimSource } from '../../server/market/sources/sim/index'
import { describeNats, testPrefix } from '../helpers/nats'
import { CallLog, hubFor, hubView } from './nats-market-fixtures'

await describeNats('market over NATS', (open) => {
  it('processes started before and during ingest replay its calls in order and hold the same market', async () => {
    const prefix = testPrefix()
    const sim = createSimSource({ seed: 11, tickMs: 10, bookMs: 40 })
    const symbols = sim.specs.map((s) => s.symbol)
    const ingestHub = hubFor(sim)
    const ingestLog = new CallLog()
    const publisher: NatsMarketPublisher = new NatsMarketPublisher(
      await open('ingest'),
      ingestLog.sink(ingestHub, (s) => publisher.position(s)!),
      sim,
      { prefix },
    )
    await publisher.start()

    const early = await NatsMarketSource.connect(await open('engine'), { prefix })
    const earlyHub = hubFor(early)
    const earlyLog = new CallLog()
    await early.start(earlyLog.sink(earlyHub, (s) => early.position(s)!.seq))

    await sim.start(publisher)
    try {
      await expect.poll(() => publisher.position('btcusdt'), { timeout: 10_000 }).toBeGreaterThan(40)
      // Bars from before the minutes (a replay's loop read backwards): live to the early process, in the late one's
      // snapshot.
      const day = 86_400 * Math.floor(Date.now() / 86_400_000) - 8 * 3600
      const earlier = [0, 1].map((k) => ({
        id: day - (2 - k) * 86_400,
        open: 1,
        close: 1.5,
        low: 0.5,
        high: 2,
        amount: 3,
        vol: 4,
        count: 5,
      }))
      publisher.earlierBars('btcusdt', '1day', earlier)
      const late = await NatsMarketSource.connect(await open('gateway'), { prefix })
      const lateHub = hubFor(late)
      const lateLog = new CallLog()
      await late.start(lateLog.sink(lateHub, (s) => late.position(s)!.seq))
      const joinedAt = late.position('btcusdt')!.seq
      expect(joinedAt).toBeGreaterThan(40)
      await expect.poll(() => late.position('btcusdt')!.seq, { timeout: 10_000 }).toBeGreaterThan(joinedAt + 40)
      await sim.stop()

      const caughtUp = () =>
        symbols.every((s) => [early, late].every((p) => p.position(s)!.seq === publisher.position(s)))
      await expect.poll(caughtUp, { timeout: 10_000 }).toBe(true)
      expect({ kind: late.kind, detail: late.detail, specs: late.specs, ticker: late.tickerFromBars }).toEqual({
        kind: 'sim',
        detail: 'seed 11',
        specs: sim.specs,
        ticker: true,
      })
      for (const symbol of symbols) {
        const ingest = ingestLog.of(symbol)
        // Numbered 1, 2, … by ingest; the early process heard every one of them, in order.
        expect(ingest.map((c) => c.seq)).toEqual(ingest.map((_, i) => i + 1))
        expect(earlyLog.of(symbol)).toEqual(ingest)
        // The late one: its snapshot (calls numbered with the snapshot's seq), then every later call once, in order.
        const lateCalls = lateLog.of(symbol)
        const snapSeq = lateCalls[0]!.seq
        expect(lateCalls.filter((c) => c.seq > snapSeq)).toEqual(ingest.filter((c) => c.seq > snapSeq))
        expect(lateCalls.filter((c) => c.seq <= snapSeq).map((c) => c.call.split(' ')[0])).toEqual(
          expect.arrayContaining([
            'history',
            'recentTrades',
            'event',
            ...(symbol === 'btcusdt' ? ['earlierBars'] : []),
          ]),
        )
        const want = await hubView(ingestHub, symbol)
        expect(await hubView(earlyHub, symbol)).toEqual(want)
        expect(await hubView(lateHub, symbol)).toEqual(want)
      }
      for (const hub of [earlyHub, lateHub]) expect(hub.state('btcusdt')!.earlier.get('1day')).toEqual(earlier)
      expect(early.gaps + late.gaps).toBe(0)
      await Promise.all([early.stop(), late.stop(), publisher.stop()])
    } finally {
      await sim.stop()
    }
  })
})
