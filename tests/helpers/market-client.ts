/**
 * A test client of the market gateway: a real `ws` socket that inflates every frame with pako (as the worker does),
 * keeps every message, answers server pings unless told not to, and waits for messages by predicate.
 */
import { inflate } from 'pako'
import WebSocket from 'ws'

export type FeedMessage = Record<string, unknown>

export interface FeedClientOptions {
  /** Answer `{"ping":n}` with `{"pong":n}` (default true). */
  autoPong?: boolean
  path?: string
  /** Options of the ws client (e.g. `rejectUnauthorized: false` for a self-signed wss test server). */
  ws?: WebSocket.ClientOptions
}

export class FeedClient {
  readonly messages: FeedMessage[] = []
  /** Raw frames as received (Buffers), in order. */
  readonly frames: Buffer[] = []
  readonly closed: Promise<number>
  private waiters: Array<() => void> = []
  private nextId = 1

  private constructor(
    readonly ws: WebSocket,
    opts: FeedClientOptions,
  ) {
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)))
    ws.on('message', (data: Buffer, isBinary) => {
      this.frames.push(data)
      const msg = JSON.parse(isBinary ? inflate(data, { toText: true }) : data.toString()) as FeedMessage
      this.messages.push(msg)
      if (opts.autoPong !== false && typeof msg.ping === 'number') ws.send(JSON.stringify({ pong: msg.ping }))
      for (const w of this.waiters.splice(0)) w()
    })
    ws.on('close', () => {
      for (const w of this.waiters.splice(0)) w()
    })
  }

  static async connect(url: string, opts: FeedClientOptions = {}): Promise<FeedClient> {
    const ws = new WebSocket(url + (opts.path ?? '/ws'), opts.ws)
    const client = new FeedClient(ws, opts)
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    return client
  }

  send(body: unknown): void {
    this.ws.send(typeof body === 'string' ? body : JSON.stringify(body))
  }

  /** Resolves with the first message (from index `from`) matching `pred`; rejects after `timeoutMs`. */
  async waitFor(pred: (m: FeedMessage) => boolean, timeoutMs = 10_000, from = 0): Promise<FeedMessage> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.messages.slice(from).find(pred)
      if (found) return found
      if (this.ws.readyState !== WebSocket.OPEN) throw new Error('socket closed while waiting')
      const left = deadline - Date.now()
      if (left <= 0) throw new Error('timed out waiting for a message')
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(t)
          resolve()
        })
      })
    }
  }

  /** Sends a request with a fresh id and resolves with the reply carrying that id. */
  async call(body: Record<string, unknown>, timeoutMs = 10_000): Promise<FeedMessage> {
    const id = `t${this.nextId++}`
    const from = this.messages.length
    this.send({ ...body, id })
    return this.waitFor((m) => m.id === id, timeoutMs, from)
  }

  /** Pushes received on a channel (`ch`), in order. */
  pushes(ch: string): FeedMessage[] {
    return this.messages.filter((m) => m.ch === ch)
  }

  close(): void {
    this.ws.close()
  }
}
