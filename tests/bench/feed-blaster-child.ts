/**
 * The stand-in market feed, run in its own process by feed-blaster.ts (`startBlaster`) so that generating and
 * gzipping frames does not share an event loop with the bench driver or the browser it drives. Speaks enough of the
 * HTX protocol (gzip frames as our gateway encodes them, sub acks, kline `req`, pings) and pushes ticker, depth
 * (150 levels), trade and kline frames for whatever the client subscribed, round robin, at the rate it is told.
 *
 * Pacing is bounded: every TICK_MS it sends what the elapsed time calls for, but never more than MAX_BURST ticks'
 * worth, so after a stall it does not catch up in one loop (a burst the feed would never send); frames it could not
 * send in time are counted as `skipped`. Frames are also held back (counted) while a client's socket has more than
 * MAX_BUFFERED bytes unsent, as a real gateway would not queue without bound. Every `ts` is the send time.
 *
 * IPC: the parent sends `{ rate }` (frames/s) and `{ stats: id }`; the child answers `{ ready: port }` once
 * listening, `{ id, sent, skipped, heldBack, clients }` to each stats request, and the same counts unasked every 100 ms.
 */
import { WebSocketServer, type WebSocket } from 'ws'
import { encodeFrame } from '../../server/market/gateway/protocol'

const TICK_MS = 5
/** At most this many ticks' worth of frames in one tick. */
const MAX_BURST = 2
const MAX_BUFFERED = 4 * 1024 * 1024

interface ClientState {
  topics: string[]
  seq: number
}

const port = Number(process.argv[2] ?? 0)
let rate = Number(process.argv[3] ?? 0)
const wss = new WebSocketServer({ port, host: '127.0.0.1' })
const clients = new Map<WebSocket, ClientState>()
let sent = 0
let skipped = 0
let heldBack = 0
let price = 97_000
/** Frames owed since the rate was set, fractional. */
let owed = 0
let last = performance.now()

wss.on('connection', (ws) => {
  const state: ClientState = { topics: [], seq: 0 }
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
  for (const [ws, state] of clients) {
    if (state.topics.length === 0) continue
    if (ws.bufferedAmount > MAX_BUFFERED) {
      heldBack += n
      continue
    }
    for (let i = 0; i < n; i++) {
      price += (Math.random() - 0.5) * 5
      const topic = state.topics[state.seq++ % state.topics.length]!
      ws.send(encodeFrame(frameFor(topic, price, state.seq)))
      sent++
    }
  }
}, TICK_MS)

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

function frameFor(topic: string, price: number, seq: number) {
  const ts = Date.now()
  const p = Math.round(price * 100) / 100
  if (topic.endsWith('.ticker')) {
    return {
      ch: topic,
      ts,
      tick: {
        open: 96_500,
        high: 98_000,
        low: 96_000,
        close: p,
        amount: 1234.5,
        vol: 119_000_000,
        count: 500_000,
        bid: p - 0.01,
        bidSize: 0.5,
        ask: p,
        askSize: 0.7,
        lastPrice: p,
        lastSize: 0.01,
      },
    }
  }
  if (topic.endsWith('.depth.step0')) {
    const bids = Array.from({ length: 150 }, (_, i) => [
      Math.round((p - 0.01 - i * 0.5) * 100) / 100,
      0.1 + (i % 7) * 0.05,
    ])
    const asks = Array.from({ length: 150 }, (_, i) => [Math.round((p + i * 0.5) * 100) / 100, 0.1 + (i % 5) * 0.05])
    return { ch: topic, ts, tick: { bids, asks, version: seq, ts } }
  }
  if (topic.endsWith('.trade.detail')) {
    return {
      ch: topic,
      ts,
      tick: {
        id: seq,
        ts,
        data: [{ id: seq, ts, tradeId: seq, amount: 0.012, price: p, direction: seq % 2 ? 'buy' : 'sell' }],
      },
    }
  }
  const id = Math.floor(ts / 60_000) * 60
  return {
    ch: topic,
    ts,
    tick: {
      id,
      open: 97_000,
      close: p,
      high: Math.max(97_100, p),
      low: Math.min(96_900, p),
      amount: 10 + (seq % 100) / 10,
      vol: 970_000,
      count: seq,
    },
  }
}
