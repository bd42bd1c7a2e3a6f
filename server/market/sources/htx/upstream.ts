/**
 * The relay's connection to an HTX-protocol feed (htx-protocol.md a2–a4): inflates gzip frames, answers the
 * server's pings, (re)subscribes its topics one per message after every connect, queues `req`s at one per 100 ms
 * (the documented per-connection limit) with a timeout, and reconnects with jittered exponential backoff. A
 * watchdog reconnects when nothing has arrived for `silenceMs` (HTX pings every 5 s, so silence means a dead link).
 */
import { gunzipSync } from 'node:zlib'
import { WebSocket } from 'ws'

export interface UpstreamOptions {
  url: string
  /** First reconnect delay, ms (default 1000); doubles per failure up to `maxBackoffMs` (default 30 000). */
  minBackoffMs?: number
  maxBackoffMs?: number
  /** Reconnect when nothing arrived for this long, ms (default 15 000). */
  silenceMs?: number
  /** `req` answer timeout, ms (default 10 000). */
  reqTimeoutMs?: number
  onPush(ch: string, ts: number, tick: unknown): void
  /** Called on each (re)connection once its first message arrived. */
  onLive?(): void
  onDown?(reason: string): void
  log?: (msg: string) => void
}

interface Pending {
  resolve(data: unknown): void
  reject(err: Error): void
  timer: NodeJS.Timeout
}

const REQ_SPACING_MS = 100

export class Upstream {
  private ws: WebSocket | undefined
  private readonly topics = new Set<string>()
  private readonly pending = new Map<string, Pending>()
  private readonly queue: Array<{ id: string; body: Record<string, unknown> }> = []
  private nextId = 1
  private failures = 0
  private stopped = false
  private gotFirst = false
  private lastRecv = 0
  private timers: { reconnect?: NodeJS.Timeout; watchdog?: NodeJS.Timeout; queue?: NodeJS.Timeout } = {}

  constructor(private readonly opts: UpstreamOptions) {}

  /** Starts connecting (and keeps reconnecting until `close`). */
  open(): void {
    this.stopped = false
    this.connect()
  }

  /** Subscribes a topic now (when connected) and after every reconnect. */
  subscribe(topic: string): void {
    this.topics.add(topic)
    this.sendJson({ sub: topic, id: `s${this.nextId++}` })
  }

  /** Sends a `req` (queued at one per 100 ms); resolves with its `data ?? tick`, rejects on error or timeout. */
  request(body: Record<string, unknown>): Promise<unknown> {
    const id = `r${this.nextId++}`
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id)
        reject(new Error(`upstream req ${String(body.req)} timed out`))
      }, this.opts.reqTimeoutMs ?? 10_000)
      this.pending.set(id, { resolve, reject, timer })
      this.queue.push({ id, body })
      this.pump()
    })
  }

  get connected(): boolean {
    return this.ws?.readyState === WebSocket.OPEN && this.gotFirst
  }

  close(): void {
    this.stopped = true
    for (const t of Object.values(this.timers)) if (t) clearTimeout(t)
    this.ws?.terminate()
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer)
      p.reject(new Error('upstream closed'))
      this.pending.delete(id)
    }
  }

  private connect(): void {
    const ws = new WebSocket(this.opts.url, { handshakeTimeout: 10_000 })
    this.ws = ws
    this.gotFirst = false
    ws.on('open', () => {
      this.lastRecv = Date.now()
      for (const topic of this.topics) this.sendJson({ sub: topic, id: `s${this.nextId++}` })
      this.armWatchdog()
      this.pump()
    })
    ws.on('message', (data) => this.onFrame(data as Buffer))
    ws.on('error', (err) => this.opts.log?.(`htx upstream: ${err.message}`))
    ws.on('close', () => this.onClose())
  }

  private onFrame(data: Buffer): void {
    this.lastRecv = Date.now()
    let msg: Record<string, unknown>
    try {
      const text = data[0] === 0x1f && data[1] === 0x8b ? gunzipSync(data).toString('utf8') : data.toString('utf8')
      msg = JSON.parse(text) as Record<string, unknown>
    } catch {
      this.opts.log?.('htx upstream: dropped an undecodable frame')
      return
    }
    if (!this.gotFirst) {
      this.gotFirst = true
      this.failures = 0
      this.opts.onLive?.()
    }
    if (typeof msg.ping === 'number') return this.sendJson({ pong: msg.ping })
    if (typeof msg.ch === 'string') return this.opts.onPush(msg.ch, Number(msg.ts), msg.tick)
    const id = typeof msg.id === 'string' ? msg.id : undefined
    const p = id ? this.pending.get(id) : undefined
    if (!p || !id) {
      if (msg.status === 'error') this.opts.log?.(`htx upstream error: ${String(msg['err-msg'])}`)
      return
    }
    this.pending.delete(id)
    clearTimeout(p.timer)
    if (msg.status === 'error') p.reject(new Error(`upstream: ${String(msg['err-msg'])}`))
    else p.resolve(msg.data ?? msg.tick)
  }

  private onClose(): void {
    if (this.timers.watchdog) clearTimeout(this.timers.watchdog)
    this.opts.onDown?.('closed')
    if (this.stopped) return
    const base = Math.min(this.opts.maxBackoffMs ?? 30_000, (this.opts.minBackoffMs ?? 1000) * 2 ** this.failures)
    this.failures++
    const delay = Math.round(base * (0.8 + Math.random() * 0.4))
    this.timers.reconnect = setTimeout(() => this.connect(), delay)
  }

  private armWatchdog(): void {
    const silence = this.opts.silenceMs ?? 15_000
    this.timers.watchdog = setTimeout(() => {
      if (Date.now() - this.lastRecv >= silence) {
        this.opts.log?.('htx upstream: silent, reconnecting')
        this.ws?.terminate()
      } else this.armWatchdog()
    }, silence / 3)
  }

  /** Sends queued reqs, one per REQ_SPACING_MS. */
  private pump(): void {
    if (this.timers.queue || this.ws?.readyState !== WebSocket.OPEN) return
    const next = this.queue.shift()
    if (!next) return
    if (this.pending.has(next.id)) this.sendJson({ ...next.body, id: next.id })
    this.timers.queue = setTimeout(() => {
      this.timers.queue = undefined
      this.pump()
    }, REQ_SPACING_MS)
  }

  private sendJson(body: unknown): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(body))
  }
}
