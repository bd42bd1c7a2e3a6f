/**
 * Gateway fan-out (issue 2 part 7): 500 local ws clients subscribed to one topic receive N ticker frames pushed
 * through the real gateway (hub → JSON + gzip once → 500 sends), versus a bare `ws` server broadcasting the same
 * pre-gzipped frames to 500 clients. Figure: frames delivered per second, and gateway/bare ratio (target ≥ 0.8×).
 * Loopback only, a few seconds; each side is measured ROUNDS times (alternating) and its best run kept.
 */
import type { AddressInfo } from 'node:net'
import { WebSocket, WebSocketServer } from 'ws'
import type { TickerTick } from '../../common/feed/messages'
import { startGateway } from '../../server/market/gateway/server'
import { encodeFrame } from '../../server/market/gateway/protocol'
import { Hub } from '../../server/market/hub/hub'
import type { BenchResult } from './types'

const CLIENTS = 500
const FRAMES = 60
/** Frames pushed per event-loop turn, so sockets drain between bursts on both sides alike. */
const BATCH = 10
const TARGET = 0.8
/** Alternating measurements per side; the best of each is kept (loopback timing is noisy on 2 cores). */
const ROUNDS = 5
const TOPIC = 'market.btcusdt.ticker'

function tick(i: number): TickerTick {
  const close = 97_000 + (i % 97) * 0.01
  return {
    open: 96_500.5,
    high: 98_000,
    low: 95_800.25,
    close,
    amount: 12_345.678901,
    vol: 1_190_000_000.12,
    count: 400_000 + i,
    bid: close - 0.01,
    bidSize: 0.25,
    ask: close,
    askSize: 0.5,
    lastPrice: close,
    lastSize: 0.002,
  }
}

interface Fleet {
  received: number[]
  sockets: WebSocket[]
  /** Resolves when every client has received `n` frames after `base`. */
  all(n: number): Promise<void>
  close(): void
}

async function fleet(url: string, subscribe: boolean): Promise<Fleet> {
  const received = new Array<number>(CLIENTS).fill(0)
  let waiter: (() => void) | undefined
  let want = Infinity
  const check = () => {
    if (waiter && received.every((r) => r >= want)) waiter()
  }
  const sockets = await Promise.all(
    Array.from(
      { length: CLIENTS },
      (_, i) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(url)
          ws.on('message', () => {
            received[i]!++
            if (received[i]! >= want) check()
          })
          ws.once('error', reject)
          ws.once('open', () => {
            if (subscribe) ws.send(JSON.stringify({ sub: TOPIC, id: 'b' }))
            resolve(ws)
          })
        }),
    ),
  )
  return {
    received,
    sockets,
    all(n) {
      want = n
      return new Promise((resolve) => {
        waiter = resolve
        check()
      })
    },
    close: () => sockets.forEach((s) => s.terminate()),
  }
}

/** Pushes FRAMES frames with `send(i)` in batches and returns delivered frames per second. */
async function measure(f: Fleet, send: (i: number) => void): Promise<number> {
  const base = Math.max(...f.received)
  const t0 = performance.now()
  for (let i = 0; i < FRAMES; i += BATCH) {
    for (let j = i; j < Math.min(FRAMES, i + BATCH); j++) send(j)
    await new Promise((r) => setImmediate(r))
  }
  await f.all(base + FRAMES)
  return (CLIENTS * FRAMES) / ((performance.now() - t0) / 1000)
}

export async function runGatewayFanoutBench(): Promise<BenchResult[]> {
  const spec = {
    symbol: 'btcusdt',
    category: 'spot' as const,
    base: 'BTC',
    quote: 'USDT',
    price_precision: 2,
    amount_precision: 6,
    volume_decimals: 6,
    turnover_decimals: 8,
  }
  const hub = new Hub([spec], { tickerFromBars: false })
  const gw = await startGateway({ host: '127.0.0.1', port: 0, feed: hub, pingIntervalMs: 600_000 })
  const gwFleet = await fleet(`ws://127.0.0.1:${gw.port}/ws`, true)
  await gwFleet.all(1) // sub acks

  const bare = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise((r) => bare.once('listening', r))
  const bareFleet = await fleet(`ws://127.0.0.1:${(bare.address() as AddressInfo).port}/ws`, false)
  const frames = Array.from({ length: FRAMES }, (_, i) =>
    encodeFrame({ ch: TOPIC, ts: 1_700_000_000_000 + i, tick: tick(i) }),
  )
  const bareSend = (i: number) => {
    for (const c of bare.clients) c.send(frames[i] as Buffer)
  }
  const gwSend = (i: number) =>
    hub.event({ type: 'ticker', symbol: 'btcusdt', ts: 1_700_000_000_000 + i, tick: tick(i) })

  try {
    let bareBest = 0
    let gwBest = 0
    for (let round = 0; round < ROUNDS; round++) {
      bareBest = Math.max(bareBest, await measure(bareFleet, bareSend))
      gwBest = Math.max(gwBest, await measure(gwFleet, gwSend))
    }
    const ratio = Math.round((gwBest / bareBest) * 100) / 100
    return [
      {
        name: 'gateway fan-out to 500 clients vs bare ws broadcast',
        value: ratio,
        unit: '×',
        target: `≥ ${TARGET}×`,
        pass: ratio >= TARGET,
        note: `gateway ${Math.round(gwBest)} frames/s delivered, bare ws ${Math.round(bareBest)} frames/s (${CLIENTS} loopback clients, ${FRAMES} ticker frames, best of ${ROUNDS})`,
      },
    ]
  } finally {
    gwFleet.close()
    bareFleet.close()
    await gw.close()
    await new Promise((r) => bare.close(r))
  }
}
