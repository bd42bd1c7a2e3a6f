/**
 * One client connection: its subscriptions (with the optional `freq` throttle: conflated, the latest frame wins),
 * its heartbeat bookkeeping, its budgets, and a bound on the memory it holds: every frame handed to the socket is
 * counted at what it really keeps alive until the kernel took it, and a client past the bound is dropped.
 */
import { type ConnectionLimits, TokenBucket } from './budget'

/** The part of a `ws` WebSocket a session uses (a fake in the fuzz test). */
export interface SessionSocket {
  readonly readyState: number
  /** `cb` runs once the frame was written to the kernel (or failed): what the frame held is then released. */
  send(data: Buffer, cb: (err?: Error) => void): void
  terminate(): void
}

/**
 * The TCP stream under a client's websocket (the upgrade request's socket). Corked while one turn of the event loop
 * pushes frames to it, so they leave in one `writev` instead of one system call each (see {@link Session.send}).
 * With `write`, pushes framed once for all clients (protocol.ts `wireFrame`) are written to it directly. That is
 * only sound while ws itself never holds a message back in its own queue, i.e. without permessage-deflate, which
 * the gateway's server turns off (server.ts).
 */
export interface CorkableStream {
  cork(): void
  uncork(): void
  write?(chunk: Buffer, cb: (err?: Error | null) => void): unknown
}

/** Sessions whose stream is corked in this turn; uncorked together once the turn's synchronous work is done. */
const corked: Session[] = []

function uncorkAll(): void {
  for (let i = 0; i < corked.length; i++) corked[i]!.uncork()
  corked.length = 0
}

const OPEN = 1

/**
 * Bytes one queued frame costs besides its buffer: the ws header buffer, the stream's write request, the Buffer and
 * ArrayBuffer objects and the malloc of the backing store. Measured on Node 20 with 20,000 queued 147-byte tickers:
 * ~400 B of JS heap and ~690 B of external memory per frame, i.e. ~950 B besides the frame itself.
 */
export const FRAME_OVERHEAD_BYTES = 1024

/** What a frame keeps alive while it waits: its whole backing store, not only its length, plus the overhead. */
export function frameCost(frame: Buffer): number {
  return frame.buffer.byteLength + FRAME_OVERHEAD_BYTES
}

/** A held push keeps both its payload and its wire copy alive. */
function heldCost(held: Held): number {
  return frameCost(held.frame) + (held.wire ? held.wire.buffer.byteLength : 0)
}

/** A throttled frame waiting for its slot: the payload and, for pushes, the same message framed for the wire. */
interface Held {
  frame: Buffer
  wire: Buffer | undefined
}

interface Subscription {
  freq: number | undefined
  lastSent: number
  pending: Held | undefined
  timer: NodeJS.Timeout | undefined
}

export interface SessionOptions {
  /** Drop the client when the frames it holds (queued for its socket or throttled) cost more than this many bytes. */
  maxHeldBytes: number
  limits: ConnectionLimits
  log?: (msg: string) => void
  /** Called once when the session drops its client for holding too much. */
  onSlowDrop?: () => void
}

export class Session {
  readonly subs = new Map<string, Subscription>()
  /** Server pings sent and not yet answered (values as sent). */
  readonly unanswered: number[] = []
  readonly reqBudget: TokenBucket
  readonly subBudget: TokenBucket
  private closed = false
  /** Cost of the frames handed to the socket and not yet written, in send order (the write callbacks come in order). */
  private readonly inFlight: number[] = []
  private inFlightHead = 0
  private inFlightBytes = 0
  private pendingBytes = 0
  private queuedReqs = 0
  private reqTail: Promise<void> = Promise.resolve()
  private isCorked = false

  constructor(
    readonly ws: SessionSocket,
    private readonly opts: SessionOptions,
    private readonly stream?: CorkableStream,
  ) {
    this.reqBudget = new TokenBucket(opts.limits.reqPerSec, opts.limits.reqBurst)
    this.subBudget = new TokenBucket(opts.limits.subPerSec, opts.limits.subBurst)
  }

  /** Bytes this client keeps alive now: frames not yet written to its socket plus throttled frames waiting. */
  heldBytes(): number {
    return this.inFlightBytes + this.pendingBytes
  }

  /** Most topics this connection may hold. */
  get maxTopics(): number {
    return this.opts.limits.maxTopics
  }

  /** True when `topic` may be added: already held, or under the per-connection cap. */
  canSubscribe(topic: string): boolean {
    return this.subs.has(topic) || this.subs.size < this.opts.limits.maxTopics
  }

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
    this.setPending(sub, undefined)
    this.subs.delete(topic)
    return true
  }

  /**
   * Queues a `req` job behind this connection's earlier ones (one at a time per connection). False when
   * `maxQueuedReqs` are already waiting: the caller answers 429.
   */
  enqueueReq(job: () => Promise<void>): boolean {
    if (this.queuedReqs >= this.opts.limits.maxQueuedReqs) return false
    this.queuedReqs++
    this.reqTail = this.reqTail
      .then(() => (this.closed ? undefined : job()))
      .catch((err: unknown) =>
        this.opts.log?.(`market gateway: req job failed: ${(err as Error)?.stack ?? String(err)}`),
      )
      .finally(() => this.queuedReqs--)
    return true
  }

  /** Resolves once every `req` queued so far was answered (or skipped because the connection closed). */
  reqsSettled(): Promise<void> {
    return this.reqTail
  }

  /**
   * Delivers a push frame (shared by all subscribers) on one of this client's topics, honouring its throttle.
   * @param wire the same message framed for the wire (protocol.ts `wireFrame`), written as is when the stream allows
   */
  deliver(topic: string, frame: Buffer, wire?: Buffer): void {
    const sub = this.closed ? undefined : this.subs.get(topic)
    if (!sub) return
    if (!sub.freq) {
      this.send(frame, wire)
      return
    }
    const now = Date.now()
    if (!sub.timer && now - sub.lastSent >= sub.freq) {
      sub.lastSent = now
      this.send(frame, wire)
      return
    }
    this.setPending(sub, { frame, wire })
    if (this.heldBytes() > this.opts.maxHeldBytes) return this.dropSlow()
    if (!sub.timer) sub.timer = setTimeout(() => this.flush(sub), sub.lastSent + sub.freq - now)
  }

  /**
   * Sends a frame unless the socket is gone; drops the client when what it holds would pass the bound. The stream
   * stays corked until the current turn's synchronous work ends (process.nextTick): a fan-out turn that pushes
   * several frames (a batch of source events, every kline period of one bar) then costs each client one `writev`
   * instead of one per frame, the system call that dominates a broadcast's CPU profile. No frame waits for a later
   * turn or a timer.
   * @param wire `frame` already framed for the wire: written to the stream as is, bypassing `ws.send`
   */
  send(frame: Buffer, wire?: Buffer): void {
    if (this.closed || this.ws.readyState !== OPEN) return
    const direct = wire && this.stream?.write ? wire : undefined
    const cost = frameCost(direct ?? frame)
    if (this.heldBytes() + cost > this.opts.maxHeldBytes) return this.dropSlow()
    this.inFlight.push(cost)
    this.inFlightBytes += cost
    if (this.stream && !this.isCorked) {
      this.stream.cork()
      this.isCorked = true
      if (corked.push(this) === 1) process.nextTick(uncorkAll)
    }
    if (direct) this.stream!.write!(direct, this.written)
    else this.ws.send(frame, this.written)
  }

  /** Writes what this turn queued on the stream (called once per corked turn). */
  uncork(): void {
    if (!this.isCorked) return
    this.isCorked = false
    this.stream?.uncork()
  }

  /** Closes the connection at once and stops its timers. */
  terminate(): void {
    this.dispose()
    this.ws.terminate()
  }

  /** Stops timers and forgets what was held (the socket's buffers go with it); called when the socket closes. */
  dispose(): void {
    this.closed = true
    for (const sub of this.subs.values()) {
      if (sub.timer) clearTimeout(sub.timer)
      sub.pending = undefined
    }
    this.inFlight.length = 0
    this.inFlightHead = 0
    this.inFlightBytes = 0
    this.pendingBytes = 0
  }

  private readonly written = (): void => {
    if (this.closed) return
    this.inFlightBytes -= this.inFlight[this.inFlightHead++] ?? 0
    if (this.inFlightHead === this.inFlight.length) {
      this.inFlight.length = 0
      this.inFlightHead = 0
    } else if (this.inFlightHead > 1024 && this.inFlightHead * 2 > this.inFlight.length) {
      this.inFlight.splice(0, this.inFlightHead)
      this.inFlightHead = 0
    }
  }

  private dropSlow(): void {
    this.opts.log?.(`market gateway: dropping a slow client (${this.heldBytes()} bytes held)`)
    this.opts.onSlowDrop?.()
    this.terminate()
  }

  private setPending(sub: Subscription, held: Held | undefined): void {
    if (sub.pending) this.pendingBytes -= heldCost(sub.pending)
    sub.pending = held
    if (held) this.pendingBytes += heldCost(held)
  }

  private flush(sub: Subscription): void {
    sub.timer = undefined
    const held = sub.pending
    this.setPending(sub, undefined)
    if (!held) return
    sub.lastSent = Date.now()
    this.send(held.frame, held.wire)
  }
}
