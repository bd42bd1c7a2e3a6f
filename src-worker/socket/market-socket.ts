/**
 * The one market WebSocket: lifecycle, heartbeat, reconnect and topic subscriptions (spec §4/§9, reliability.md §3).
 * Invariants: at most one socket at a time, and a replaced socket's handlers are detached before the next opens
 * (W2); a socket silent for `staleAfterMs` is dropped without waiting for `onclose` (W2, R27); no reconnect after
 * `close()` (W8); sending while offline only logs "no connected" (spec §7) and queues nothing.
 */
import type { ClientMessage } from '../../common/feed/messages'
import { decodeFrame, type Decoded } from '../codec/decode'
import { reconnectDelay } from './backoff'
import { FrameRate } from './frame-rate'
import { InboundQueue } from './inbound-queue'
import { RequestQueue } from './request-queue'
import { TopicRegistry, type RegistryChange } from './topic-registry'
import { DEFAULT_TIMING, type MarketSocketDeps, type SocketCounters } from './options'
import { OPEN, type SocketTiming, type WebSocketLike } from './types'
import { Watchdog } from './watchdog'

export class MarketSocket {
  readonly timing: SocketTiming
  readonly topics = new TopicRegistry()
  readonly counters: SocketCounters = {
    frames: 0,
    decodeErrors: 0,
    decodeErrorsBy: {},
    reconnects: 0,
    sent: 0,
    lastFrameAt: null,
    lastError: null,
  }
  url: string | null = null
  private ws: WebSocketLike | undefined
  private wanted = false
  private failures = 0
  private provedAlive = false
  private retry: ReturnType<typeof setTimeout> | undefined
  private ping: ReturnType<typeof setInterval> | undefined
  private readonly watchdog: Watchdog
  private readonly rate = new FrameRate()
  /** Frames received, waiting to be decoded in budgeted slices (inbound-queue.ts). */
  readonly inbound: InboundQueue
  private readonly pendingSubs = new Map<string, string>()
  private requests: RequestQueue
  private nextId = 0
  private readonly now: () => number
  private readonly log: Pick<Console, 'warn'>

  constructor(private readonly deps: MarketSocketDeps) {
    this.timing = { ...DEFAULT_TIMING, ...deps.timing }
    this.now = deps.now ?? Date.now
    this.log = deps.log ?? console
    this.watchdog = new Watchdog(this.now, (why) => this.drop(why))
    this.inbound = new InboundQueue({
      ...deps.inbound,
      now: deps.clock ?? this.now,
      process: (data, at) => this.decodeAndRoute(data, at),
    })
    this.requests = this.newQueue()
  }

  get connected(): boolean {
    return this.ws?.readyState === OPEN
  }

  framesPerSec(): number {
    return this.rate.perSec(this.now())
  }

  /** Opens (or re-targets) the socket. Same URL while up or retrying: no-op. */
  connect(url: string): void {
    if (this.wanted && url === this.url) return
    this.wanted = true
    this.url = url
    this.failures = 0
    this.open()
  }

  /** Closes for good: no reconnect until `connect`. Pending requests are rejected. */
  close(): void {
    this.wanted = false
    clearTimeout(this.retry)
    this.retry = undefined
    this.teardown('closed')
    this.deps.onChange?.()
  }

  /**
   * Immediate liveness check (page visible again, network back; W8): retry at once when waiting to reconnect; when
   * open, ping now and drop the socket if nothing arrives within one ping interval.
   */
  checkLiveness(): void {
    if (!this.wanted) return
    if (this.retry !== undefined) {
      clearTimeout(this.retry)
      this.retry = undefined
      this.failures = 0
      this.open()
    } else if (this.connected) {
      this.watchdog.probe(this.timing.pingIntervalMs)
      this.send({ ping: this.now() })
    }
  }

  /** Sends unsub + sub for a live topic that went quiet (W3); no-op when offline or not subscribed. */
  resubscribe(topic: string): void {
    const entry = this.topics.live().find((t) => t.topic === topic)
    if (!entry || !this.connected) return
    this.send({ unsub: topic, id: this.newId() })
    this.subscribe(topic, entry.freq)
  }

  /** Adds a reference to `topic`; subscribes when it is the first (or when its freq must change). */
  acquire(topic: string, freq?: number): void {
    this.apply(this.topics.acquire(topic, freq))
  }

  /** Drops a reference; unsubscribes when it was the last. */
  release(topic: string, freq?: number): void {
    this.apply(this.topics.release(topic, freq))
  }

  /**
   * One-shot `req` (paced ≤ 1 per reqGapMs). Resolves with the reply's `data ?? tick`.
   * Rejects with "no connected" when offline, with the server's `err-msg` on an error reply, or on timeout/close.
   */
  request(topic: string, params: { from?: number; to?: number } = {}): Promise<unknown> {
    if (!this.connected) {
      this.log.warn('no connected')
      return Promise.reject(new Error('no connected'))
    }
    const id = this.newId()
    return this.requests.request(id, { req: topic, id, ...params })
  }

  /** Sends a client message; when offline logs "no connected" and returns false (nothing is queued). */
  send(msg: ClientMessage | Record<string, unknown>): boolean {
    const ws = this.ws
    if (!ws || ws.readyState !== OPEN) {
      this.log.warn('no connected')
      return false
    }
    try {
      ws.send(JSON.stringify(msg))
      this.counters.sent++
      return true
    } catch (err) {
      this.log.warn('market socket send failed', err)
      return false
    }
  }

  private newId(): string {
    return String(++this.nextId)
  }

  private newQueue(): RequestQueue {
    return new RequestQueue((m) => this.send(m), this.timing.reqGapMs, this.timing.reqTimeoutMs, this.now)
  }

  private apply(change: RegistryChange): void {
    if (!this.connected) return this.deps.onChange?.()
    if (change.unsub) this.send({ unsub: change.unsub, id: this.newId() })
    if (change.sub) this.subscribe(change.sub.topic, change.sub.freq)
    this.deps.onChange?.()
  }

  private subscribe(topic: string, freq: number | undefined): void {
    const id = this.newId()
    this.pendingSubs.set(id, topic)
    this.send(freq === undefined ? { sub: topic, id } : { sub: topic, id, freq })
  }

  /** Replaces any current socket with a fresh one; a retry still waiting is moot (it would replace this one). */
  private open(): void {
    clearTimeout(this.retry)
    this.retry = undefined
    this.teardown('reconnecting')
    if (!this.url) return
    let ws: WebSocketLike
    try {
      ws = this.deps.factory(this.url)
      ws.binaryType = 'arraybuffer'
    } catch (err) {
      this.counters.lastError = String(err)
      return this.scheduleRetry()
    }
    this.ws = ws
    this.provedAlive = false
    ws.onopen = () => this.ws === ws && this.onOpen()
    ws.onmessage = (ev) => this.ws === ws && this.onFrame(ev.data)
    ws.onclose = () => this.ws === ws && this.onDown('socket closed')
    // `error` is always followed by `close`; reconnecting on both is how clients end up with 3ⁿ sockets.
    ws.onerror = () => undefined
    this.watchdog.arm('connect', this.timing.connectTimeoutMs)
  }

  private onOpen(): void {
    this.watchdog.arm('silence', this.timing.staleAfterMs)
    this.ping = setInterval(() => this.send({ ping: this.now() }), this.timing.pingIntervalMs)
    this.pendingSubs.clear()
    for (const { topic, freq } of this.topics.live()) this.subscribe(topic, freq)
    this.runHook(() => this.deps.onOpen?.())
    this.deps.onChange?.()
  }

  /** Counts the frame and queues it; decoding happens in the queue's next slice. */
  private onFrame(data: unknown): void {
    const now = this.now()
    this.counters.frames++
    this.counters.lastFrameAt = now
    this.rate.add(now)
    this.watchdog.alive()
    if (!this.provedAlive) {
      this.provedAlive = true
      this.failures = 0
    }
    this.inbound.push(data, now)
  }

  private decodeAndRoute(data: unknown, receivedAt: number): void {
    const decoded: Decoded =
      typeof data === 'string' || data instanceof ArrayBuffer || data instanceof Uint8Array
        ? decodeFrame(data)
        : { kind: 'bad', reason: 'shape' }
    this.route(decoded, receivedAt)
  }

  private route(d: Decoded, now: number): void {
    switch (d.kind) {
      case 'push':
        return this.runHook(() => this.deps.onPush(d.push, now))
      case 'ping':
        this.send({ pong: d.ping })
        return
      case 'pong':
        return
      case 'ack':
        if (d.id !== undefined) this.pendingSubs.delete(d.id)
        return
      case 'rep':
        this.requests.settle(d.id, { data: d.data })
        return
      case 'error':
        return this.onErrorReply(d.id, `${d.code}: ${d.msg}`)
      case 'bad':
        this.counters.decodeErrors++
        this.counters.decodeErrorsBy[d.reason] = (this.counters.decodeErrorsBy[d.reason] ?? 0) + 1
    }
  }

  private onErrorReply(id: string | undefined, text: string): void {
    this.counters.lastError = text
    if (this.requests.settle(id, { error: text })) return
    const topic = id === undefined ? undefined : this.pendingSubs.get(id)
    if (topic !== undefined) this.pendingSubs.delete(id!)
    this.log.warn(`market feed error${topic ? ` on ${topic}` : ''}: ${text}`)
  }

  private runHook(fn: () => void): void {
    try {
      fn()
    } catch (err) {
      this.counters.lastError = String(err)
      this.log.warn('market engine handler failed', err)
    }
  }

  /** Silent socket or connect timeout: stop listening to it and start over (W2). */
  private drop(why: string): void {
    this.counters.lastError = why
    this.onDown(why)
  }

  private onDown(why: string): void {
    this.teardown(why)
    this.deps.onChange?.()
    if (this.wanted) this.scheduleRetry()
  }

  private scheduleRetry(): void {
    clearTimeout(this.retry)
    const t = this.timing
    const delay = reconnectDelay(
      this.failures++,
      t.reconnectDelayMs,
      t.reconnectMaxDelayMs,
      (this.deps.random ?? Math.random)(),
    )
    this.retry = setTimeout(() => {
      this.retry = undefined
      this.counters.reconnects++
      this.open()
    }, delay)
  }

  /** Detaches and closes the current socket, stops its timers, fails its requests. */
  private teardown(why: string): void {
    clearInterval(this.ping)
    this.ping = undefined
    this.watchdog.stop()
    const ws = this.ws
    this.ws = undefined
    // Frames of a connection that is gone: a new one starts from fresh snapshots (and replays history).
    this.inbound.clear()
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = null
      // A no-op, not null: Node's `ws` throws an unhandled 'error' from a socket closed while connecting.
      ws.onerror = () => undefined
      try {
        ws.close(4000, why)
      } catch {
        // A half-open socket may refuse; it is already detached.
      }
    }
    this.requests.failAll(why === 'closed' ? 'connection closed' : `connection lost: ${why}`)
    this.requests = this.newQueue()
  }
}
