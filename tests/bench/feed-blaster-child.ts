/**
 * The stand-in market feed, run in its own process by feed-blaster.ts (`startBlaster`) so that generating and
 * gzipping frames does not share an event loop with the bench driver or the browser it drives. Speaks enough of the
 * HTX protocol (gzip frames as our gateway encodes them, sub acks, kline `req`, pings) and pushes ticker, depth
 * (150 levels), trade and kline frames for whatever the client subscribed, round robin, at the rate it is told.
 *
 * Frames are assembled from parts (feed-frames.ts): a stored head with the send time, a body deflated once at start
 * (one of VARIANTS price levels, walked at random) and a stored tail with the version or counters, so a frame costs
 * a few µs instead of a gzip (~215 µs for a book) and the feed can offer ≥ 12k frames/s beside Chromium. Every `ts`
 * is still the send time and every version, trade id and kline count is new.
 *
 * Pacing is bounded: every TICK_MS it sends what the elapsed time calls for, but never more than MAX_BURST ticks'
 * worth, so after a stall it does not catch up in one loop (a burst the feed would never send); frames it could not
 * send in time are counted as `skipped`. A tick's frames are written into one buffer and, with the client's TCP
 * stream corked, leave in one system call. Frames are also held back (counted) while a client's socket has more than
 * MAX_BUFFERED bytes unsent, as a real gateway would not queue without bound.
 *
 * IPC: the parent sends `{ rate }` (frames/s) and `{ stats: id }`; the child answers `{ ready: port }` once
 * listening, `{ id, sent, skipped, heldBack, clients }` to each stats request, and the same counts unasked every 100 ms.
 */
import type { Socket } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import { encodeFrame } from '../../server/market/gateway/protocol'
import { deflateBody, frameBound, writeFrame } from './feed-frames'

const TICK_MS = 5
/** At most this many ticks' worth of frames in one tick. */
const MAX_BURST = 2
const MAX_BUFFERED = 4 * 1024 * 1024
/** Price levels the bodies are deflated at (the price walks among them). */
const VARIANTS = 64

interface ClientState {
  topics: string[]
  seq: number
  stream: Socket
}

const port = Number(process.argv[2] ?? 0)
let rate = Number(process.argv[3] ?? 0)
const wss = new WebSocketServer({ port, host: '127.0.0.1' })
const clients = new Map<WebSocket, ClientState>()
let sent = 0
let skipped = 0
let heldBack = 0
/** Index of the current price among the VARIANTS. */
let level = VARIANTS / 2
/** Frames owed since the rate was set, fractional. */
let owed = 0
let last = performance.now()

const priceAt = (k: number) => Math.round((97_000 + (k - VARIANTS / 2) * 2.5) * 100) / 100
const variants = (body: (p: number, k: number) => string) =>
  Array.from({ length: VARIANTS }, (_, k) => deflateBody(body(priceAt(k), k)))
const bodies = {
  ticker: variants((p) => JSON.stringify(tickerTick(p))),
  depth: variants((p) => JSON.stringify(book(p)).slice(1, -1)),
  trade: variants((p, k) => `"amount":0.012,"price":${p},"direction":"${k % 2 ? 'buy' : 'sell'}"`),
  kline: variants((p, k) =>
    JSON.stringify({
      open: 97_000,
      close: p,
      high: Math.max(97_100, p),
      low: Math.min(96_900, p),
      amount: 10 + k / 10,
      vol: 970_000,
    })
      .slice(1, -1)
      .concat(','),
  ),
}
const maxBound = Math.max(...Object.values(bodies).flatMap((v) => v.map(frameBound)))

wss.on('connection', (ws, req) => {
  const state: ClientState = { topics: [], seq: 0, stream: req.socket }
  clients.set(ws, state)
  ws.on('message', (raw) => {
    const text = Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw)
    answer(ws, state, text.toString('utf8'))
  })
  ws.on('close', () => clients.delete(ws))
})
wss.on('listening', () => {
  const addr = wss.address()
  process.send?.({ ready: typeof addr === 'object' && addr ? addr.port : port })
})

process.on('message', (m: { rate?: number; stats?: number }) => {
  if (typeof m.rate === 'number') {
    rate = m.rate
    owed = 0
    last = performance.now()
  }
  if (typeof m.stats === 'number') process.send?.({ id: m.stats, sent, skipped, heldBack, clients: clients.size })
})
process.on('disconnect', () => process.exit(0))
// Unasked counts every 100 ms, so the parent's `sent()` can stay synchronous.
setInterval(() => process.send?.({ sent, skipped, heldBack, clients: clients.size }), 100)

setInterval(() => {
  const now = performance.now()
  owed += ((now - last) * rate) / 1000
  last = now
  const cap = Math.ceil((rate * TICK_MS * MAX_BURST) / 1000)
  let n = Math.floor(owed)
  if (n > cap) {
    skipped += n - cap
    n = cap
  }
  owed -= Math.floor(owed)
  if (n === 0) return
  for (const [ws, state] of clients) {
    if (state.topics.length === 0) continue
    if (ws.bufferedAmount > MAX_BUFFERED) {
      heldBack += n
      continue
    }
    sendTick(ws, state, n)
  }
}, TICK_MS)

/** Writes `n` frames for one client into one buffer and sends them with its stream corked. */
function sendTick(ws: WebSocket, state: ClientState, n: number): void {
  const out = Buffer.allocUnsafeSlow(n * maxBound)
  const ts = Date.now()
  state.stream.cork()
  let at = 0
  for (let i = 0; i < n; i++) {
    level = Math.min(VARIANTS - 1, Math.max(0, level + (Math.random() < 0.5 ? -1 : 1)))
    const topic = state.topics[state.seq++ % state.topics.length]!
    const end = frameAt(out, at, topic, ts, state.seq)
    ws.send(out.subarray(at, end))
    at = end
    sent++
  }
  state.stream.uncork()
}

/** One frame of `topic` at `out[at…]`, as feed-frames.ts builds it; @returns its end. */
function frameAt(out: Buffer, at: number, topic: string, ts: number, seq: number): number {
  const head = `{"ch":"${topic}","ts":${ts},"tick":`
  if (topic.endsWith('.ticker')) return writeFrame(out, at, head, bodies.ticker[level]!, '}')
  if (topic.endsWith('.depth.step0'))
    return writeFrame(out, at, `${head}{`, bodies.depth[level]!, `,"version":${seq},"ts":${ts}}}`)
  if (topic.endsWith('.trade.detail')) {
    const ids = `{"id":${seq},"ts":${ts},"data":[{"id":${seq},"ts":${ts},"tradeId":${seq},`
    return writeFrame(out, at, head + ids, bodies.trade[level]!, '}]}}')
  }
  const bar = Math.floor(ts / 60_000) * 60
  return writeFrame(out, at, `${head}{"id":${bar},`, bodies.kline[level]!, `"count":${seq}}}`)
}

function answer(ws: WebSocket, state: ClientState, text: string): void {
  let msg: Record<string, unknown>
  try {
    msg = JSON.parse(text) as Record<string, unknown>
  } catch {
    return
  }
  const ts = Date.now()
  if (typeof msg.ping === 'number') return void ws.send(encodeFrame({ pong: msg.ping }))
  if (typeof msg.sub === 'string') {
    if (!state.topics.includes(msg.sub)) state.topics.push(msg.sub)
    return void ws.send(encodeFrame({ id: msg.id, status: 'ok', subbed: msg.sub, ts }))
  }
  if (typeof msg.unsub === 'string') {
    state.topics = state.topics.filter((t) => t !== msg.unsub)
    return void ws.send(encodeFrame({ id: msg.id, status: 'ok', unsubbed: msg.unsub, ts }))
  }
  if (typeof msg.req === 'string') {
    const data = msg.req.includes('.kline.') ? history(300) : []
    ws.send(encodeFrame({ id: msg.id, status: 'ok', rep: msg.req, ts, data }))
  }
}

function history(n: number) {
  const now = Math.floor(Date.now() / 60_000) * 60
  return Array.from({ length: n }, (_, i) => {
    const open = 97_000 + Math.sin(i / 10) * 200
    return {
      id: now - (n - i) * 60,
      open,
      close: open + 20,
      high: open + 60,
      low: open - 40,
      amount: 12.5,
      vol: open * 12.5,
      count: 300,
    }
  })
}

function tickerTick(p: number) {
  return {
    open: 96_500,
    high: 98_000,
    low: 96_000,
    close: p,
    amount: 1234.5,
    vol: 119_000_000,
    count: 500_000,
    bid: Math.round((p - 0.01) * 100) / 100,
    bidSize: 0.5,
    ask: p,
    askSize: 0.7,
    lastPrice: p,
    lastSize: 0.01,
  }
}

/** 150 levels a side, 0.5 apart, around `p`. */
function book(p: number) {
  const bids = Array.from({ length: 150 }, (_, i) => [
    Math.round((p - 0.01 - i * 0.5) * 100) / 100,
    0.1 + (i % 7) * 0.05,
  ])
  const asks = Array.from({ length: 150 }, (_, i) => [Math.round((p + i * 0.5) * 100) / 100, 0.1 + (i % 5) * 0.05])
  return { bids, asks }
}
