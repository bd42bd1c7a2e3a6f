/**
 * A test client of the user stream (`/ws/v2`, issue 22 part 1): a real `ws` socket speaking the `action`/`ch` JSON
 * protocol, keeping every message with the time it arrived, answering server pings unless told not to, and waiting
 * for messages by predicate (no fixed sleeps).
 */
import WebSocket from 'ws'
import type { StreamServerMessage } from '../../common/api/stream'

/** A message with when it arrived: `at` performance.now(), `wall` Date.now() (ms). */
export type StreamMessage = StreamServerMessage & { at: number; wall: number }

export class StreamClient {
  readonly messages: StreamMessage[] = []
  /** The close code and reason the server sent. */
  readonly closed: Promise<{ code: number; reason: string }>
  private waiters: (() => void)[] = []

  private constructor(
    readonly ws: WebSocket,
    opts: { autoPong: boolean },
  ) {
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() })
        for (const w of this.waiters.splice(0)) w()
      }),
    )
    ws.on('message', (data: Buffer) => {
      const msg = { ...(JSON.parse(data.toString()) as StreamServerMessage), at: performance.now(), wall: Date.now() }
      this.messages.push(msg)
      if (opts.autoPong && msg.action === 'ping') this.send({ action: 'pong', data: { ts: msg.data.ts } })
      for (const w of this.waiters.splice(0)) w()
    })
  }

  /** Connects to `url` + `path` (default /ws/v2); `autoPong` default true. */
  static async connect(url: string, opts: { path?: string; autoPong?: boolean } = {}): Promise<StreamClient> {
    const ws = new WebSocket(url + (opts.path ?? '/ws/v2'))
    const client = new StreamClient(ws, { autoPong: opts.autoPong ?? true })
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    return client
  }

  /** Connects and authenticates with `token` (a session token or a ticket); rejects unless answered 200. */
  static async signedIn(url: string, token: string): Promise<StreamClient> {
    const c = await StreamClient.connect(url)
    const answer = await c.auth(token)
    if (answer.action !== 'req' || answer.code !== 200) throw new Error(`auth refused: ${JSON.stringify(answer)}`)
    return c
  }

  send(body: unknown): void {
    this.ws.send(typeof body === 'string' ? body : JSON.stringify(body))
  }

  /** Sends `auth` with `token`; resolves with its answer. */
  auth(token: string): Promise<StreamMessage> {
    const from = this.messages.length
    this.send({ action: 'req', ch: 'auth', params: { authType: 'token', token } })
    return this.waitFor((m) => m.action === 'req' && m.ch === 'auth', 5000, from)
  }

  /** Sends `sub` of `ch` (resuming after `fromSeq` when given); resolves with its answer. */
  sub(ch: string, fromSeq?: number): Promise<StreamMessage> {
    const from = this.messages.length
    this.send({ action: 'sub', ch, ...(fromSeq === undefined ? {} : { params: { from_seq: fromSeq } }) })
    return this.waitFor((m) => m.action === 'sub' && m.ch === ch, 5000, from)
  }

  /** Resolves with the first message (from index `from`) matching `pred`; rejects after `timeoutMs`. */
  async waitFor(pred: (m: StreamMessage) => boolean, timeoutMs = 5000, from = 0): Promise<StreamMessage> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.messages.slice(from).find(pred)
      if (found) return found
      if (this.ws.readyState !== WebSocket.OPEN) throw new Error('socket closed while waiting')
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`timed out waiting; got ${JSON.stringify(this.messages.slice(from))}`)
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(t)
          resolve()
        })
      })
    }
  }

  /** The pushes received so far (all channels, or `ch`), in order. */
  pushes(ch?: string): Extract<StreamMessage, { action: 'push' }>[] {
    return this.messages.filter(
      (m): m is Extract<StreamMessage, { action: 'push' }> => m.action === 'push' && (ch === undefined || m.ch === ch),
    )
  }

  close(): void {
    this.ws.close()
  }
}
