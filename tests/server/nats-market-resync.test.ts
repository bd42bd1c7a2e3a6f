/**
 * How a process following ingest over NATS repairs what the live flow cannot carry (server/bus/market-source.ts): a
 * lost message (a gap: logged, re-synced from a snapshot of what changed), a call too large for one message (a long
 * history: taken from the chunked snapshot), another ingest taking over (re-synced in full from it, the old one's
 * late messages dropped), upstream seeds of coarser bars (replayed where ingest's hub saw them), and kline history
 * asked from ingest's upstream.
 */
import { expect, it } from 'vitest'
import type { KlineTick } from '../../common/feed/messages'
import { NatsMarketPublisher, type PublishedSource } from '../../server/bus/market-publisher'
import { NatsMarketSource } from '../../server/bus/market-source'
import { MARKET_WIRE_VERSION } from '../../server/bus/market-wire'
import { closeNats, connectNats, type NatsConnection } from '../../server/bus/nats'
import { subjects } from '../../server/bus/subjects'
import type { Hub } from '../../server/market/hub/hub'
import { bucketStart } from '../../server/market/hub/periods'
import { describeNats, NATS_TEST_URL, testPrefix } from '../helpers/nats'
import { TcpProxy } from '../helpers/tcp-proxy'
import { CallLog, FakeMarket, fakeSource, hubFor, hubView, lossy } from './nats-market-fixtures'

await describeNats('market re-sync over NATS', (open) => {
  /** Ingest: a publisher over `source` feeding its own hub, answering requests. */
  async function ingest(prefix: string, source: PublishedSource, nc?: NatsConnection) {
    const hub = hubFor(source)
    const log = new CallLog()
    const conn = nc ?? (await open('ingest'))
    const publisher: NatsMarketPublisher = new NatsMarketPublisher(
      conn,
      log.sink(hub, (s) => publisher.position(s)!),
      source,
      { prefix },
    )
    await publisher.start()
    return { hub, publisher, log }
  }

  /** Another process following it; `lines` collects what it logs. */
  async function follower(prefix: string) {
    const lines: string[] = []
    const source = await NatsMarketSource.connect(await open('gateway'), { prefix, log: (l) => lines.push(l) })
    const hub = hubFor(source)
    const log = new CallLog()
    await source.start(log.sink(hub, (s) => source.position(s)!.seq))
    return { source, hub, log, lines }
  }

  const caughtUp = (f: NatsMarketSource, p: NatsMarketPublisher, symbol = 'btcusdt') =>
    expect.poll(() => f.position(symbol)).toEqual({ origin: p.origin, seq: p.position(symbol) })
  const sameMarket = async (a: Hub, b: Hub, symbol = 'btcusdt') =>
    expect(await hubView(b, symbol)).toEqual(await hubView(a, symbol))

  it('a lost message is noticed by the next one, logged, and repaired from a snapshot', async () => {
    const prefix = testPrefix()
    const btc = subjects(prefix).market('btcusdt')
    // The 4th message on btcusdt (trades: nothing later repeats them) never arrives.
    const nc = lossy(await open('ingest'), (subject, n) => subject !== btc || n !== 4)
    const { hub, publisher, log } = await ingest(prefix, fakeSource(), nc)
    const f = await follower(prefix)
    const m = new FakeMarket('btcusdt')
    publisher.history('btcusdt', m.history(50))
    for (const e of m.events(30)) publisher.event(e)
    await caughtUp(f.source, publisher)
    expect(f.source.gaps).toBe(1)
    expect(f.lines).toEqual(['market btcusdt: gap after #3 (next heard #5); re-syncing from a snapshot'])
    await sameMarket(hub, f.hub)
    // After the repair, every call arrives live again, once and in order.
    const repairedAt = publisher.position('btcusdt')!
    for (const e of m.events(12)) publisher.event(e)
    await caughtUp(f.source, publisher)
    const after = (l: CallLog) => l.of('btcusdt').filter((c) => c.seq > repairedAt)
    expect(after(f.log)).toEqual(after(log))
    expect(after(f.log)).toHaveLength(12)
    await sameMarket(hub, f.hub)
  })

  it('ingest keeps going through a NATS outage without buffering it; followers re-sync when it is back', async () => {
    const prefix = testPrefix()
    const proxy = await TcpProxy.start(NATS_TEST_URL)
    const nc = await connectNats({
      url: `nats://127.0.0.1:${proxy.port}`,
      role: 'ingest',
      backoff: { minMs: 5, maxMs: 50 },
    })
    try {
      const { hub, publisher } = await ingest(prefix, fakeSource(), nc)
      const f = await follower(prefix)
      const m = new FakeMarket('btcusdt')
      for (const e of m.events(6)) publisher.event(e)
      await caughtUp(f.source, publisher)
      await proxy.stop()
      await expect.poll(() => publisher.publishing).toBe(false)
      const sent = nc.stats().outMsgs
      for (const e of m.events(30)) publisher.event(e)
      // Ingest's hub took every call; none of them waits in the client for the link to come back.
      expect(nc.stats().outMsgs).toBe(sent)
      expect(publisher.position('btcusdt')).toBe(36)
      await proxy.listen()
      await expect.poll(() => publisher.publishing, { timeout: 10_000 }).toBe(true)
      publisher.event(m.book())
      await caughtUp(f.source, publisher)
      expect(f.source.gaps).toBe(1)
      await sameMarket(hub, f.hub)
    } finally {
      await closeNats(nc, 1000)
      await proxy.stop()
    }
  })

  it('a history too large for one message travels as a marker and is taken from the chunked snapshot', async () => {
    const prefix = testPrefix()
    const { hub, publisher } = await ingest(prefix, fakeSource())
    const early = await follower(prefix)
    const m = new FakeMarket('btcusdt')
    const bars = m.history(10_000)
    expect(JSON.stringify(bars).length).toBeGreaterThan(1024 * 1024)
    publisher.history('btcusdt', bars)
    for (const e of m.events(12)) publisher.event(e)
    await caughtUp(early.source, publisher)
    const late = await follower(prefix)
    await caughtUp(late.source, publisher)
    for (const f of [early, late]) {
      await sameMarket(hub, f.hub)
      expect(f.hub.state('btcusdt')!.series.minutes.length).toBeGreaterThan(10_000)
      expect(f.source.gaps).toBe(0)
    }
  })

  it('when another ingest takes over, followers re-sync from it in full and drop the old one’s late messages', async () => {
    const prefix = testPrefix()
    const a = await ingest(prefix, fakeSource())
    const f = await follower(prefix)
    const ma = new FakeMarket('btcusdt')
    a.publisher.history('btcusdt', ma.history(30))
    for (const e of ma.events(9)) a.publisher.event(e)
    await caughtUp(f.source, a.publisher)
    await a.publisher.stop()

    const b = await ingest(prefix, fakeSource())
    const mb = new FakeMarket('btcusdt', 1_760_000_000)
    b.publisher.history('btcusdt', mb.history(20))
    for (const e of mb.events(6)) b.publisher.event(e)
    await caughtUp(f.source, b.publisher)
    expect(f.lines[0]).toMatch(/^market btcusdt: publisher changed \(.+ → .+\); re-syncing$/)
    expect(f.hub.lastBook('btcusdt')).toEqual(b.hub.lastBook('btcusdt'))
    // A late message of the old ingest changes nothing.
    const late = { v: MARKET_WIRE_VERSION, o: a.publisher.origin, s: 99, c: { t: 'event', e: ma.book() } }
    const other = await open('old-ingest')
    other.publish(subjects(prefix).market('btcusdt'), JSON.stringify(late))
    for (const e of mb.events(3)) b.publisher.event(e)
    await caughtUp(f.source, b.publisher)
    expect(f.hub.lastBook('btcusdt')).toEqual(b.hub.lastBook('btcusdt'))
    expect(f.lines).toHaveLength(1)
  })

  it('seeds of coarser bars from upstream reach a late process where ingest applied them', async () => {
    const prefix = testPrefix()
    const history = async () => [] as KlineTick[]
    const { hub, publisher } = await ingest(prefix, fakeSource({ kind: 'htx', tickerFromBars: false, history }))
    const m = new FakeMarket('btcusdt')
    for (let i = 0; i < 10; i++) publisher.event(m.candle())
    const then = m.lastBar()!
    const upstream = { ...then, open: 1, low: 0.5, amount: 100, vol: 100, count: 500 }
    publisher.seedPeriod('btcusdt', '60min', { ...upstream, id: bucketStart('60min', then.id) }, then)
    publisher.seedPeriod('btcusdt', '1day', { ...upstream, id: bucketStart('1day', then.id) }, then)
    for (let i = 0; i < 10; i++) publisher.event(m.candle())
    publisher.event(m.book())
    const late = await follower(prefix)
    await caughtUp(late.source, publisher)
    const view = await hubView(late.hub, 'btcusdt')
    expect(view.seeded).toEqual(['1day', '1min', '60min'])
    expect(view.current['60min']).toMatchObject({ open: 1, low: 0.5 })
    await sameMarket(hub, late.hub)
  })

  it('kline history is asked from ingest’s upstream, errors included', async () => {
    const prefix = testPrefix()
    const bar: KlineTick = { id: 1_750_000_000, open: 1, close: 2, low: 1, high: 2, amount: 3, vol: 4, count: 5 }
    const asked: unknown[] = []
    const history = async (...args: unknown[]) => {
      asked.push(args)
      if (args[1] === '1week') throw new Error('upstream said no')
      return [bar]
    }
    await ingest(prefix, fakeSource({ kind: 'htx', tickerFromBars: false, history }))
    const f = await follower(prefix)
    expect(await f.source.history!('btcusdt', '60min', 1_700_000_000, 1_750_000_000)).toEqual([bar])
    expect(asked).toEqual([['btcusdt', '60min', 1_700_000_000, 1_750_000_000]])
    await expect(f.source.history!('btcusdt', '1week')).rejects.toThrow('upstream said no')
    await expect(f.source.history!('nosuch', '1min')).rejects.toThrow('bad history request')
  })

  it('a process starting without ingest fails naming the subject', async () => {
    const prefix = testPrefix()
    await expect(NatsMarketSource.connect(await open('gateway'), { prefix, snapshotTimeoutMs: 300 })).rejects.toThrow(
      `no complete answer on ${prefix}.tc.market-snapshot within 300 ms: is the ingest role running?`,
    )
  })
})
