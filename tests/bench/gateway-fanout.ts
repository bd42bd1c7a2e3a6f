/**
 * Gateway fan-out (issue 2 part 7, issue 9 part 4): 500 local ws clients subscribed to one topic receive N ticker
 * frames pushed through the real gateway (hub → JSON + gzip once → 500 sends), versus a bare `ws` server
 * broadcasting the same pre-gzipped frames to 500 clients. The gateway corks each client's TCP stream for one turn of
 * the event loop (session.ts), so the frames of one turn leave in one `writev`; the baseline does the same (it is
 * the cheap part of a broadcast to copy), so the ratio measures what sessions, budgets and the hub cost, not
 * the system calls saved. The uncorked bare broadcast (one `writev` per frame per client) is printed as context.
 * The clients live in a separate process (gateway-fanout-clients.ts), so their reads do not slow the server being
 * measured. Figure: frames delivered per second, and gateway/bare ratio (target ≥ 0.8×): the median of ≥ 5
 * alternating paired rounds, with spread.
 */
import { fork, type ChildProcess } from 'node:child_process'
import type { AddressInfo, Socket } from 'node:net'
import { fileURLToPath } from 'node:url'
import { WebSocketServer } from 'ws'
import type { TickerTick } from '../../common/feed/messages'
import { startGateway } from '../../server/market/gateway/server'
import { encodeFrame } from '../../server/market/gateway/protocol'
import { Hub } from '../../server/market/hub/hub'
import { MIN_RUNS, summarize } from './stats'
import type { BenchResult } from './types'

const CLIENTS = 500
const FRAMES = 300
/** Frames pushed per event-loop turn, so sockets drain between bursts on both sides alike. */
const BATCH = 10
const TARGET = 0.8
/** Alternating paired measurements; the median ratio is the figure (never the best run). */
const ROUNDS = MIN_RUNS
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

const CLIENTS_CHILD = fileURLToPath(new URL('./gateway-fanout-clients.ts', import.meta.url))

/** The client fleets, in a child process (gateway-fanout-clients.ts). */
interface Clients {
  open(fleet: string, url: string, subscribe?: string): Promise<void>
  /** Resolves when every client of `fleet` has received `total` pushed frames in all. */
  all(fleet: string, total: number): Promise<void>
  close(): Promise<void>
}

async function startClients(): Promise<Clients> {
  const child: ChildProcess = fork(CLIENTS_CHILD, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const waiting = new Map<string | number, () => void>()
  child.on('message', (m: { fleet?: string; ready?: boolean; id?: number; done?: boolean }) => {
    const key = m.ready ? `ready:${m.fleet}` : m.id
    if (key !== undefined) waiting.get(key)?.()
  })
  const once = (key: string | number, send: unknown) =>
    new Promise<void>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`fan-out clients exited with ${code}`))
      child.once('exit', onExit)
      waiting.set(key, () => {
        waiting.delete(key)
        child.off('exit', onExit)
        resolve()
      })
      child.send(send as object)
    })
  let nextId = 0
  return {
    open: (fleet, url, subscribe) => once(`ready:${fleet}`, { fleet, url, clients: CLIENTS, subscribe }),
    all: (fleet, total) => once(++nextId, { fleet, id: nextId, frames: total }),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.send({ close: true })
      }),
  }
}

/** Frames each fleet's clients have been sent so far (the clients' counts are cumulative). */
const sentTo = new Map<string, number>()

/** Pushes FRAMES frames with `send(i)` in batches and returns delivered frames per second. */
async function measure(clients: Clients, fleet: string, send: (i: number) => void): Promise<number> {
  const total = (sentTo.get(fleet) ?? 0) + FRAMES
  sentTo.set(fleet, total)
  const t0 = performance.now()
  const done = clients.all(fleet, total)
  for (let i = 0; i < FRAMES; i += BATCH) {
    for (let j = i; j < Math.min(FRAMES, i + BATCH); j++) send(j)
    await new Promise((r) => setImmediate(r))
  }
  await done
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
  const bare = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  const bareStreams: Socket[] = []
  bare.on('connection', (_ws, req) => bareStreams.push(req.socket))
  await new Promise((r) => bare.once('listening', r))
  const clients = await startClients()
  const frames = Array.from({ length: FRAMES }, (_, i) =>
    encodeFrame({ ch: TOPIC, ts: 1_700_000_000_000 + i, tick: tick(i) }),
  )
  const bareSend = (i: number) => {
    for (const c of bare.clients) c.send(frames[i] as Buffer)
  }
  // The same broadcast with each stream corked until the turn's synchronous work is done, as the gateway does.
  let corked = false
  const bareCorkedSend = (i: number) => {
    if (!corked) {
      corked = true
      for (const s of bareStreams) s.cork()
      process.nextTick(() => {
        corked = false
        for (const s of bareStreams) s.uncork()
      })
    }
    bareSend(i)
  }
  const gwSend = (i: number) =>
    hub.event({ type: 'ticker', symbol: 'btcusdt', ts: 1_700_000_000_000 + i, tick: tick(i) })

  try {
    await clients.open('gateway', `ws://127.0.0.1:${gw.port}/ws`, TOPIC)
    await clients.open('bare', `ws://127.0.0.1:${(bare.address() as AddressInfo).port}/ws`)
    sentTo.clear()
    const gwRates: number[] = []
    const bareRates: number[] = []
    const uncorkedRates: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which side goes first, so drift over the run hits both alike.
      if (round % 2 === 0) bareRates.push(await measure(clients, 'bare', bareCorkedSend))
      gwRates.push(await measure(clients, 'gateway', gwSend))
      if (round % 2 === 1) bareRates.push(await measure(clients, 'bare', bareCorkedSend))
      uncorkedRates.push(await measure(clients, 'bare', bareSend))
    }
    const ratio = summarize(
      gwRates.map((g, i) => g / bareRates[i]!),
      '×',
      2,
    )
    const gwS = summarize(gwRates, 'frames/s', 0)
    const bareS = summarize(bareRates, 'frames/s', 0)
    const uncorkedS = summarize(uncorkedRates, 'frames/s', 0)
    const value = Math.round(ratio.median * 100) / 100
    return [
      {
        name: 'gateway fan-out to 500 clients vs bare ws broadcast',
        value,
        unit: '×',
        target: `≥ ${TARGET}×`,
        pass: value >= TARGET,
        note: `${ratio.spread} (paired rounds); gateway ${gwS.spread} delivered, bare ws corked the same way ${bareS.spread}; context: bare ws uncorked (a writev per frame) ${uncorkedS.spread} (${CLIENTS} loopback clients in a separate process, ${FRAMES} ticker frames per round)`,
      },
    ]
  } finally {
    await clients.close()
    await gw.close()
    await new Promise((r) => bare.close(r))
  }
}
