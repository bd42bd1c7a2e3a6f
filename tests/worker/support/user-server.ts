/**
 * A local stand-in for the user stream (common/api/stream.ts) on a real `ws` server, enough to test the worker's
 * side: single-use tickets, auth, subs with `from_seq` resume (missed events pushed after the answer, 410 when older
 * than what it keeps), one per-user sequence over all topics, pings, and closing or killing its clients. Records
 * every frame it receives, by connection.
 */
import { randomBytes } from 'node:crypto'
import { WebSocketServer, type WebSocket } from 'ws'
import { channelOfEvent, topicOfChannel, type UserEventData, type UserTopic } from '../../../common/api/stream'

export interface UserReceived {
  conn: number
  msg: Record<string, unknown>
}

interface Stored {
  seq: number
  topic: UserTopic
  symbol: string | null
  data: UserEventData
}

interface Client {
  conn: number
  ws: WebSocket
  authed: boolean
  channels: Set<string>
}

export class UserStreamTestServer {
  readonly received: UserReceived[] = []
  readonly clients = new Set<Client>()
  /** Tickets issued and not yet used. */
  readonly tickets = new Set<string>()
  readonly issued: string[] = []
  connections = 0
  /** Events kept (all, unless `forgetThrough` dropped the oldest). */
  readonly log: Stored[] = []
  latest = 0
  /** A `from_seq` below this is answered 410 (the kept window starts after it). */
  oldestResumable = 0

  private constructor(
    private readonly wss: WebSocketServer,
    readonly port: number,
  ) {
    wss.on('connection', (ws, req) => this.accept(ws, req.url ?? ''))
  }

  static async start(): Promise<UserStreamTestServer> {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' })
    await new Promise<void>((resolve) => wss.once('listening', () => resolve()))
    const addr = wss.address()
    if (!addr || typeof addr === 'string') throw new Error('unexpected server address')
    return new UserStreamTestServer(wss, addr.port)
  }

  /** The market URL of this port (`/ws`); the worker derives `/ws/v2` from it. */
  get marketUrl(): string {
    return `ws://127.0.0.1:${this.port}/ws`
  }

  /** Paths clients connected to. */
  readonly paths: string[] = []

  /** What `POST user/ws_ticket` would answer: a fresh single-use ticket. */
  issueTicket(): string {
    const t = randomBytes(24).toString('base64url')
    this.tickets.add(t)
    this.issued.push(t)
    return t
  }

  /** Frames received with `action`. */
  messages(action: string, conn?: number): UserReceived[] {
    return this.received.filter((r) => r.msg.action === action && (conn === undefined || r.conn === conn))
  }

  /** Commits an event: next seq, kept, pushed to every subscribed client. Returns its seq. */
  emit(topic: UserTopic, data: UserEventData, symbol: string | null = null): number {
    const ev: Stored = { seq: ++this.latest, topic, symbol, data }
    this.log.push(ev)
    for (const c of this.clients) if (this.wants(c, ev)) this.push(c, ev)
    return ev.seq
  }

  /** Takes the next seq for an event no client will ever get (a hole in the sequence). Returns it. */
  skipSeq(): number {
    return ++this.latest
  }

  /** Drops kept events through `seq`: a resume from before it is answered 410. */
  forgetThrough(seq: number): void {
    this.oldestResumable = seq
    while (this.log.length && this.log[0]!.seq <= seq) this.log.shift()
  }

  /** Pushes event `seq` again to every client (a duplicate). */
  repush(seq: number): void {
    const ev = this.log.find((e) => e.seq === seq)
    if (!ev) throw new Error(`no event ${seq}`)
    for (const c of this.clients) if (this.wants(c, ev)) this.push(c, ev)
  }

  /** Raw text (or bytes) to every client. */
  sendRaw(data: string | Buffer): void {
    for (const c of this.clients) c.ws.send(data)
  }

  ping(ts: number): void {
    this.sendRaw(JSON.stringify({ action: 'ping', data: { ts } }))
  }

  /** Closes every client with `code` (close handshake). */
  closeClients(code: number, reason = ''): void {
    for (const c of this.clients) c.ws.close(code, reason)
  }

  /** Drops every client abruptly (no close handshake), like a server kill. */
  killClients(): void {
    for (const c of this.clients) c.ws.terminate()
    this.clients.clear()
  }

  async close(): Promise<void> {
    this.killClients()
    await new Promise<void>((resolve) => this.wss.close(() => resolve()))
  }

  private wants(c: Client, ev: Stored): boolean {
    return (
      c.authed &&
      (c.channels.has(channelOfEvent(ev.topic, ev.symbol)) || (ev.topic === 'orders' && c.channels.has('orders#*')))
    )
  }

  private push(c: Client, ev: Stored): void {
    c.ws.send(
      JSON.stringify({ action: 'push', ch: channelOfEvent(ev.topic, ev.symbol), data: { ...ev.data, seq: ev.seq } }),
    )
  }

  private accept(ws: WebSocket, path: string): void {
    const c: Client = { conn: ++this.connections, ws, authed: false, channels: new Set() }
    this.paths.push(path)
    this.clients.add(c)
    ws.on('close', () => this.clients.delete(c))
    ws.on('message', (raw) => {
      const text = Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw)
      const msg = JSON.parse(text.toString('utf8')) as Record<string, unknown>
      this.received.push({ conn: c.conn, msg })
      this.answer(c, msg)
    })
  }

  private answer(c: Client, msg: Record<string, unknown>): void {
    const send = (m: unknown) => c.ws.send(JSON.stringify(m))
    if (msg.action === 'req' && msg.ch === 'auth') {
      const token = (msg.params as { token?: string } | undefined)?.token ?? ''
      if (!this.tickets.delete(token)) {
        send({ action: 'req', ch: 'auth', code: 401, message: 'invalid ticket' })
        return c.ws.close(4401, 'unauthorized')
      }
      c.authed = true
      return send({ action: 'req', ch: 'auth', code: 200, data: { user_id: 1, seq: this.latest } })
    }
    if (msg.action === 'sub' && typeof msg.ch === 'string') {
      if (!c.authed) return send({ action: 'sub', ch: msg.ch, code: 401, message: 'authenticate first' })
      const from = (msg.params as { from_seq?: number } | undefined)?.from_seq
      if (from !== undefined && from < this.oldestResumable) {
        return send({ action: 'sub', ch: msg.ch, code: 410, message: 'resync' })
      }
      c.channels.add(msg.ch)
      send({ action: 'sub', ch: msg.ch, code: 200, data: { seq: this.latest } })
      if (from === undefined) return
      const { topic } = topicOfChannel(msg.ch)
      for (const ev of this.log) if (ev.seq > from && ev.topic === topic) this.push(c, ev)
    }
  }
}
