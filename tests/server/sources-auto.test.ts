// MARKET_SOURCE=auto: the HTX relay when its feed answers in time, else the sim source (with its badge-worthy
// `live: false`, and the fallback said: `fallback` on the service, an error line in the log).
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import { startMarket } from '../../server/market/index'
import type { MarketService } from '../../server/market/types'
import { HtxStandIn } from '../helpers/market-htx-standin'

const errors: string[] = []
const opts = (htxUrl: string) => ({
  host: '127.0.0.1',
  port: 0,
  source: 'auto',
  htxUrl,
  replaySpeed: 1,
  logError: (line: string) => void errors.push(line),
})
const cleanup: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f()
})

async function start(htxUrl: string, autoProbeMs?: number): Promise<MarketService> {
  const m = await startMarket(opts(htxUrl), { autoProbeMs })
  cleanup.push(() => m.close())
  return m
}

describe('auto source', () => {
  it('falls back to sim when the HTX feed is unreachable', async () => {
    const closed = new WebSocketServer({ host: '127.0.0.1', port: 0 })
    await new Promise((r) => closed.once('listening', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise((r) => closed.close(r))
    const m = await start(`ws://127.0.0.1:${port}/ws`)
    expect([m.source, m.live, m.sourceDetail]).toEqual(['sim', false, 'random'])
    expect(m.fallback).toMatch(/not reachable within 5 s/)
    expect(errors.at(-1)).toMatch(/using the SIMULATOR: prices are not live/)
    expect(new Set(m.listings().map((l) => l.category))).toEqual(new Set(['spot', 'futures', 'forex']))
  })

  it('falls back to sim when the feed accepts but stays silent past the deadline', async () => {
    const silent = new WebSocketServer({ host: '127.0.0.1', port: 0 })
    await new Promise((r) => silent.once('listening', r))
    cleanup.push(() => new Promise((r) => silent.close(() => r())))
    const m = await start(`ws://127.0.0.1:${(silent.address() as AddressInfo).port}/ws`, 300)
    expect(m.source).toBe('sim')
    expect(m.fallback).toMatch(/not reachable within 0.3 s/)
  })

  it('uses the HTX relay when the feed answers', async () => {
    const up = await HtxStandIn.start(1000)
    cleanup.push(() => up.close())
    const m = await start(up.url)
    expect([m.source, m.live, m.sourceDetail]).toEqual(['htx', true, up.url])
    expect(m.fallback).toBeUndefined()
  })
})
