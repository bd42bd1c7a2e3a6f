/**
 * A stand-in market feed for the main-thread benchmark: speaks enough of the HTX protocol (gzip frames, sub acks,
 * kline `req`, pings) and pushes ticker, depth, trade and kline frames for whatever the client subscribed, at a fixed
 * total rate. Prices walk from the recorded BTCUSDT level; values only need to be plausible, the load is the point.
 */
import { gzipSync } from 'node:zlib'
import { WebSocketServer, type WebSocket } from 'ws'

export interface Blaster {
  port: number
  /** Frames sent so far. */
  sent(): number
  close(): Promise<void>
}

interface ClientState {
  topics: string[]
  seq: number
}

export function startBlaster(port: number, framesPerSecond: number): Promise<Blaster> {
  const wss = new WebSocketServer({ port, host: '127.0.0.1' })
  const clients = new Map<WebSocket, ClientState>()
  let sent = 0
  let price = 97_000
  wss.on('connection', (ws) => {
    const state: ClientState = { topics: [], seq: 0 }
    clients.set(ws, state)
    ws.on('message', (raw) => {
      const text = Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw)
      answer(ws, state, text.toString('utf8'))
    })
    ws.on('close', () => clients.delete(ws))
  })
  const tickMs = 10
  const startedAt = Date.now()
  let due = 0
  // Paced by elapsed time, not by timer count: timers drift late under load, and the rate is the point.
  const timer = setInterval(() => {
    const target = Math.floor(((Date.now() - startedAt) * framesPerSecond) / 1000)
    const perTick = Math.max(0, target - due)
    due = target
    for (const [ws, state] of clients) {
      if (state.topics.length === 0) continue
      for (let i = 0; i < perTick; i++) {
        price += (Math.random() - 0.5) * 5
        const topic = state.topics[state.seq++ % state.topics.length]!
        ws.send(gzipSync(JSON.stringify(frameFor(topic, price, state.seq))))
        sent++
      }
    }
  }, tickMs)
  return new Promise((resolve) =>
    wss.on('listening', () =>
      resolve({
        port,
        sent: () => sent,
        close: () =>
          new Promise<void>((r) => {
            clearInterval(timer)
            for (const ws of clients.keys()) ws.terminate()
            wss.close(() => r())
          }),
      }),
    ),
  )
}

function answer(ws: WebSocket, state: ClientState, text: string): void {
  let msg: Record<string, unknown>
  try {
    msg = JSON.parse(text) as Record<string, unknown>
  } catch {
    return
  }
  const ts = Date.now()
  if (typeof msg.ping === 'number') return void ws.send(gzipSync(JSON.stringify({ pong: msg.ping })))
  if (typeof msg.sub === 'string') {
    if (!state.topics.includes(msg.sub)) state.topics.push(msg.sub)
    return void ws.send(gzipSync(JSON.stringify({ id: msg.id, status: 'ok', subbed: msg.sub, ts })))
  }
  if (typeof msg.unsub === 'string') {
    state.topics = state.topics.filter((t) => t !== msg.unsub)
    return void ws.send(gzipSync(JSON.stringify({ id: msg.id, status: 'ok', unsubbed: msg.unsub, ts })))
  }
  if (typeof msg.req === 'string') {
    const data = msg.req.includes('.kline.') ? history(300) : []
    ws.send(gzipSync(JSON.stringify({ id: msg.id, status: 'ok', rep: msg.req, ts, data })))
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
