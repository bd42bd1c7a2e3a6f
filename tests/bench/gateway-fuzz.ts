/**
 * Nightly-sized gateway fuzz (issue 8 part 1 item 1): 10⁶ fast-check frames — HTX capture shapes with hostile
 * values, non-JSON, binary — through the real message handler in-process (as tests/server/gateway-fuzz.test.ts does
 * with 10⁵), then 20,000 more over real sockets, then a normal client must still be served. Figures: frames per
 * second through the handler, and whether anything threw or the gateway stopped serving (target: nothing, yes).
 */
import fc from 'fast-check'
import { FeedClient } from '../helpers/market-client'
import { frameArbitrary, loadSeedFrames } from '../helpers/market-fuzz'
import { fuzzContext, fuzzHandler, newTally } from '../helpers/market-fuzz-run'
import { bars, testGateway, testHub } from '../helpers/market-hub'
import type { BenchResult } from './types'

const RUNS = 100_000
const PER_RUN = 10
const SOCKET_FRAMES = 20_000

export async function runGatewayFuzzBench(): Promise<BenchResult[]> {
  const { seeds, captured } = loadSeedFrames()
  const hub = testHub()
  hub.history('btcusdt', bars(1_700_000_040, 1000))
  const tally = newTally()
  let thrown = ''
  const t0 = performance.now()
  try {
    await fuzzHandler(fuzzContext(hub), seeds, { runs: RUNS, perRun: PER_RUN, seed: Date.now() >>> 0, tally })
  } catch (err) {
    thrown = err instanceof Error ? err.message.split('\n').slice(0, 6).join(' | ') : String(err)
  }
  const seconds = (performance.now() - t0) / 1000

  const { gw, url } = await testGateway(hub)
  let served: boolean
  try {
    const socks = await Promise.all(Array.from({ length: 4 }, () => FeedClient.connect(url)))
    const frames = fc.sample(frameArbitrary(seeds), SOCKET_FRAMES).filter((f) => Buffer.byteLength(f.data) < 60_000)
    frames.forEach((f, i) => socks[i % socks.length]!.ws.send(f.data, { binary: f.binary }))
    await Promise.all(
      socks.map((s, i) => (s.send({ ping: 7_000 + i }), s.waitFor((m) => m.pong === 7_000 + i, 300_000))),
    )
    const c = await FeedClient.connect(url)
    served =
      (await c.call({ sub: 'market.btcusdt.ticker' })).status === 'ok' &&
      (await c.call({ req: 'market.btcusdt.kline.1min' })).status === 'ok' &&
      gw.stats().handlerFailures === 0
    for (const s of [...socks, c]) s.close()
  } finally {
    await gw.close()
  }

  const clean = !thrown && tally.bad.length === 0
  return [
    {
      name: 'gateway fuzz: frames through the handler',
      value: tally.frames,
      unit: 'frames',
      target: '≥ 1,000,000',
      pass: tally.frames >= RUNS * PER_RUN && clean,
      note: `${Math.round(tally.frames / seconds)} frames/s; ${tally.errors} error replies (${tally.tooMany} × 429), ${tally.ok} ok; seeds: ${captured} captured HTX frames + doc examples${thrown ? `; THREW: ${thrown}` : ''}${tally.bad.length ? `; bad replies: ${tally.bad.slice(0, 3).join(' / ')}` : ''}`,
    },
    {
      name: 'gateway fuzz: still serving after it (+ real sockets)',
      value: served ? 1 : 0,
      unit: 'yes',
      target: '1',
      pass: served,
      note: `${SOCKET_FRAMES} more frames over 4 real sockets, then a new client's sub and kline req were answered; handler failures ${gw.stats().handlerFailures}`,
    },
  ]
}
