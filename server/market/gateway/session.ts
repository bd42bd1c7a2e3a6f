/**
 * One client connection: its subscriptions (with the optional `freq` throttle: conflated, the latest frame wins),
 * its heartbeat bookkeeping and a bounded send backlog (a client that cannot keep up is dropped, not buffered).
 */
import { WebSocket } from 'ws'

interface Subscription {
  freq: number | undefined
  lastSent: number
  pending: Buffer | undefined
  timer: NodeJS.Timeout | undefined
}

export interface SessionOptions {
  /** Drop the client when its socket holds more than this many unsent bytes. */
  maxBacklogBytes: number
  log?: (msg: string) => void
}

export class Session {
  readonly subs = new Map<string, Subscription>()
  /** Server pings sent and not yet answered (values as sent). */
  readonly unanswered: number[] = []
  private closed = false

  constructor(
    readonly ws: WebSocket,
    private readonly opts: SessionOptions,
  ) {}

  /** Adds or updates a subscription; `freq` ms throttles it. */
  subscribe(topic: string, freq: number | undefined): void {
    const old = this.subs.get(topic)
    if (old) {
      old.freq = freq
      return
    }
    this.subs.set(topic, { freq, lastSent: 0, pending: undefined, timer: undefined })
  }

  /** Removes a subscription; false when it did not exist. */
  unsubscribe(topic: string): boolean {
    const sub = this.subs.get(topic)
    if (!sub) return false
    if (sub.timer) clearTimeout(sub.timer)
    this.subs.delete(topic)
    return true
  }

  /** Delivers a push frame (shared by all subscribers) on one of this client's topics, honouring its throttle. */
  deliver(topic: string, frame: Buffer): void {
    const sub = this.subs.get(topic)
    if (!sub) return
    if (!sub.freq) {
      this.send(frame)
      return
    }
    const now = Date.now()
    if (!sub.timer && now - sub.lastSent >= sub.freq) {
      sub.lastSent = now
      this.send(frame)
      return
    }
    sub.pending = frame
    if (!sub.timer) sub.timer = setTimeout(() => this.flush(sub), sub.lastSent + sub.freq - now)
  }

  /** Sends a frame unless the socket is gone; drops the client when its backlog is over the bound. */
  send(frame: Buffer): void {
    if (this.closed || this.ws.readyState !== WebSocket.OPEN) return
    if (this.ws.bufferedAmount > this.opts.maxBacklogBytes) {
      this.opts.log?.(`market gateway: dropping a slow client (${this.ws.bufferedAmount} bytes unsent)`)
      this.terminate()
      return
    }
    this.ws.send(frame)
  }

  /** Closes the connection at once and stops its timers. */
  terminate(): void {
    this.dispose()
    this.ws.terminate()
  }

  /** Stops timers; called when the socket closes. */
  dispose(): void {
    this.closed = true
    for (const sub of this.subs.values()) if (sub.timer) clearTimeout(sub.timer)
  }

  private flush(sub: Subscription): void {
    sub.timer = undefined
    const frame = sub.pending
    sub.pending = undefined
    if (!frame) return
    sub.lastSent = Date.now()
    this.send(frame)
  }
}
