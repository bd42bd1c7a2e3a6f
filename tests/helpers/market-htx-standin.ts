/**
 * A local stand-in for the HTX public feed (this machine has no internet): gzip JSON frames, server pings every
 * `pingMs`, sub acks, `req` kline answers from bars the test sets, pushes on demand, and a way to drop every
 * connection. It records what the relay sent (subs, reqs, pongs).
 */
import { gzipSync } from 'node:zlib'
import type { AddressInfo } from 'node:net'
import { WebSocket, WebSocketServer } from 'ws'
import type { KlineTick } from '../../common/feed/messages'

export class HtxStandIn {
  readonly subs = new Set<string>()
  readonly reqs: Array<Record<string, unknown>> = []
  readonly pings: number[] = []
  readonly pongs: number[] = []
  /** Bars answered to `req` per topic (ascending ids). */
  readonly klines = new Map<string, KlineTick[]>()
  connections = 0
  private readonly sockets = new Set<WebSocket>()
  private timer: NodeJS.Timeout | undefined

  private constructor(
    private readonly wss: WebSocketServer,
    readonly url: string,
  ) {}

  static async start(pingMs = 100): Promise<HtxStandIn> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 })
    await new Promise<void>((resolve) => wss.once('listening', () => resolve()))
    const port = (wss.address() as AddressInfo).port
    const s = new HtxStandIn(wss, `ws://127.0.0.1:${port}/ws`)
    wss.on('connection', (ws) => s.onConnection(ws))
    let n = 1_700_000_000_000
    s.timer = setInterval(() => {
      const ping = n++
      s.pings.push(ping)
      for (const ws of s.sockets) s.sendTo(ws, { ping })
    }, pingMs)
    return s
  }

  /** Pushes `{ch, ts, tick}` to every connection subscribed to `ch`. */
  push(ch: string, tick: unknown, ts = Date.now()): void {
    for (const ws of this.sockets)
      if ((ws as WebSocket & { topics?: Set<string> }).topics?.has(ch)) this.sendTo(ws, { ch, ts, tick })
  }

  /** Kills every connection (the relay must reconnect and resubscribe). */
  dropAll(): void {
    for (const ws of this.sockets) ws.terminate()
    this.subs.clear()
  }

  async close(): Promise<void> {
    clearInterval(this.timer)
    for (const ws of this.sockets) ws.terminate()
    await new Promise<void>((resolve) => this.wss.close(() => resolve()))
  }

  private onConnection(ws: WebSocket): void {
    this.connections++
    const topics = new Set<string>()
    ;(ws as WebSocket & { topics?: Set<string> }).topics = topics
    this.sockets.add(ws)
    ws.on('close', () => this.sockets.delete(ws))
    ws.on('message', (data: Buffer) => {
      const msg = JSON.parse(data.toString()) as Record<string, unknown>
      if (typeof msg.pong === 'number') this.pongs.push(msg.pong)
      else if (typeof msg.sub === 'string') {
        topics.add(msg.sub)
        this.subs.add(msg.sub)
        this.sendTo(ws, { id: msg.id, status: 'ok', subbed: msg.sub, ts: Date.now() })
      } else if (typeof msg.req === 'string') {
        this.reqs.push(msg)
        const bars = (this.klines.get(msg.req) ?? []).filter(
          (b) => (typeof msg.from !== 'number' || b.id >= msg.from) && (typeof msg.to !== 'number' || b.id <= msg.to),
        )
        this.sendTo(ws, { id: msg.id, status: 'ok', rep: msg.req, ts: Date.now(), data: bars.slice(-300) })
      }
    })
  }

  private sendTo(ws: WebSocket, body: unknown): void {
    if (ws.readyState === WebSocket.OPEN) ws.send(gzipSync(JSON.stringify(body)))
  }
}
