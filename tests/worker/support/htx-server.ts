/**
 * A local stand-in for the HTX-protocol gateway (htx-protocol.md a3–a4), enough to test the worker's socket: acks
 * subs, answers client pings, replies to `req` through a handler, pushes gzip frames, and can drop or blackhole its
 * clients. Records every message it receives.
 */
import { WebSocketServer, type WebSocket } from 'ws'
import { gz } from './frames'

export interface Received {
  conn: number
  msg: Record<string, unknown>
}

export class HtxTestServer {
  readonly received: Received[] = []
  readonly clients = new Set<WebSocket>()
  /** Connections accepted so far. */
  connections = 0
  /** When true the server reads nothing and sends nothing (a half-open path). */
  blackhole = false
  /** Answers a `req`: the data, or an Error for an error reply; undefined = no answer. */
  onReq: (msg: Record<string, unknown>) => unknown = () => undefined

  private constructor(
    private readonly wss: WebSocketServer,
    readonly port: number,
  ) {
    wss.on('connection', (ws) => this.accept(ws))
  }

  static async start(): Promise<HtxTestServer> {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' })
    await new Promise<void>((resolve) => wss.once('listening', () => resolve()))
    const addr = wss.address()
    if (!addr || typeof addr === 'string') throw new Error('unexpected server address')
    return new HtxTestServer(wss, addr.port)
  }

  get url(): string {
    return `ws://127.0.0.1:${this.port}/ws`
  }

  /** Messages received with a given key (`sub`, `unsub`, `req`, `ping`, `pong`). */
  messages(key: string): Received[] {
    return this.received.filter((r) => key in r.msg)
  }

  /** Gzipped frame to every open client. */
  broadcast(msg: unknown): void {
    if (this.blackhole) return
    const frame = gz(msg)
    for (const ws of this.clients) ws.send(frame)
  }

  /** Raw bytes or text to every open client. */
  broadcastRaw(data: Uint8Array | string): void {
    for (const ws of this.clients) ws.send(data)
  }

  /** Drops every client abruptly (no close handshake), like a server kill. */
  killClients(): void {
    for (const ws of this.clients) ws.terminate()
    this.clients.clear()
  }

  async close(): Promise<void> {
    this.killClients()
    await new Promise<void>((resolve) => this.wss.close(() => resolve()))
  }

  private accept(ws: WebSocket): void {
    const conn = ++this.connections
    this.clients.add(ws)
    ws.on('close', () => this.clients.delete(ws))
    ws.on('message', (data) => {
      if (this.blackhole) return
      const text = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
      const msg = JSON.parse(text.toString('utf8')) as Record<string, unknown>
      this.received.push({ conn, msg })
      this.answer(ws, msg)
    })
  }

  private answer(ws: WebSocket, msg: Record<string, unknown>): void {
    const ts = Date.now()
    if (typeof msg.ping === 'number') return ws.send(gz({ pong: msg.ping }))
    if (typeof msg.sub === 'string') return ws.send(gz({ id: msg.id, status: 'ok', subbed: msg.sub, ts }))
    if (typeof msg.unsub === 'string') return ws.send(gz({ id: msg.id, status: 'ok', unsubbed: msg.unsub, ts }))
    if (typeof msg.req === 'string') {
      const data = this.onReq(msg)
      if (data === undefined) return
      if (data instanceof Error) {
        return ws.send(gz({ id: msg.id, status: 'error', 'err-code': 'bad-request', 'err-msg': data.message, ts }))
      }
      ws.send(gz({ id: msg.id, status: 'ok', rep: msg.req, ts, data }))
    }
  }
}

/** Resolves when `pred` holds (polled every 5 ms); rejects after `timeoutMs` as a failsafe, not as an assertion. */
export async function until(pred: () => boolean | Promise<boolean>, what: string, timeoutMs = 8000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await pred())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}
