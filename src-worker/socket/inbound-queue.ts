/**
 * Frames received but not yet decoded (issue 9 part 3, reliability.md W5). The socket's message handler only queues
 * a frame; the queue is drained in slices of at most `sliceMs`, and between slices the worker yields (a macrotask),
 * so snapshot timers, comlink replies and new frames are never starved by a backlog of inflate + apply work.
 *
 * When the engine is behind (a frame waited more than `behindMs`, or more than `behindFrames` are queued), queued
 * frames are keyed by peeking at their head (codec/frame-key.ts), newest first, and conflated: per ticker, depth
 * book and kline bar only the newest frame is decoded; per trade topic the newest `recentKept` frames are (more
 * cannot reach the bounded trade list). Frames without a key are always decoded, in order. Past `maxQueued` frames
 * waiting to be decoded, the queue first conflates (a skipped frame no longer counts, and its data is let go), and
 * only if that frees nothing is the oldest frame dropped: after a stall (GC, a descheduled worker) the burst that
 * piles up is mostly superseded books and tickers, which must not push out trades. Every skipped frame is counted.
 */
import { frameKey as defaultFrameKey, type FrameKey } from '../codec/frame-key'

/** Counters of the inbound queue, shown in `self.engine.counters` and `EngineApi.stats()`. */
export interface InboundCounters {
  /** Frames decoded and handed on. */
  decoded: number
  /** Frames skipped because a newer frame of the same ticker, depth book or kline bar was queued. */
  conflated: { ticker: number; depth: number; kline: number }
  /** Trade frames skipped because more than `recentKept` newer ones of the same topic were queued. */
  tradesTrimmed: number
  /** Frames dropped unread because the queue was full. */
  overflow: number
  /** Frames whose head was inflated to find their key. */
  peeked: number
  /** Drain slices run; slices that ran out of budget with frames left. */
  slices: number
  slicesCut: number
  /** Frames waiting to be decoded now (skipped ones not counted), and the most ever at once. */
  queued: number
  maxQueued: number
  /** Longest wait of a frame in the queue, ms. */
  maxWaitMs: number
}

export interface InboundOptions {
  /** Decodes and routes one frame. Exceptions are the caller's (the socket catches its hooks). */
  process: (data: unknown, receivedAt: number) => void
  /** The queue's clock, ms (waits and slice budgets); monotonic in the worker (performance.now). */
  now: () => number
  /** Runs `fn` in a later macrotask (default: a MessageChannel message, or setTimeout 0). */
  defer?: (fn: () => void) => void
  /** Key of a frame (default: codec/frame-key.ts); injectable for tests. */
  frameKey?: (data: unknown) => FrameKey | undefined
  /** Work per slice, ms. */
  sliceMs?: number
  /** A frame older than this means the engine is behind, ms. */
  behindMs?: number
  behindFrames?: number
  /** Trade frames kept per topic when behind (trades cache bound, caches/trades.ts MAX_TRADES). */
  recentKept?: number
  /** Queue bound, frames (reliability.md W5: ≤ 1,024, ccxt's high-water mark). */
  maxQueued?: number
}

/** Defaults: an 8 ms slice leaves a 60 Hz frame's worth of room for timers; behind = 25 ms or 64 frames queued. */
export const INBOUND_DEFAULTS = {
  sliceMs: 8,
  behindMs: 25,
  behindFrames: 64,
  recentKept: 200,
  maxQueued: 1024,
} as const

interface Entry {
  data: unknown
  /** When queued, by the queue's clock (ms); `receivedAt` is the caller's (wall) time handed on with the frame. */
  at: number
  receivedAt: number
  /** Arrival order: a key's list is kept sorted by it. */
  seq: number
  /** undefined: not peeked yet; null: peeked, no key. */
  key?: FrameKey | null
  skipped?: boolean
}

export class InboundQueue {
  readonly counters: InboundCounters = {
    decoded: 0,
    conflated: { ticker: 0, depth: 0, kline: 0 },
    tradesTrimmed: 0,
    overflow: 0,
    peeked: 0,
    slices: 0,
    slicesCut: 0,
    queued: 0,
    maxQueued: 0,
    maxWaitMs: 0,
  }
  private q: (Entry | undefined)[] = []
  private head = 0
  /** Entries of `q` from `head` on that are not skipped: the frames still to decode. */
  private live = 0
  private scheduled = false
  private seq = 0
  /**
   * A keying pass ran out of time (its budget, or the worker was descheduled) with older frames left unkeyed below
   * the ones it keyed: the next pass looks at every queued frame, not only at those newer than the newest keyed one.
   */
  private keyingCut = false
  /** Queued, unskipped frames per key, oldest first. */
  private readonly byKey = new Map<string, Entry[]>()
  private readonly o: Required<Omit<InboundOptions, 'frameKey' | 'defer'>> & {
    frameKey: (data: unknown) => FrameKey | undefined
    defer: (fn: () => void) => void
  }

  constructor(opts: InboundOptions) {
    this.o = { ...INBOUND_DEFAULTS, frameKey: defaultFrameKey, defer: macrotask(), ...opts }
  }

  get length(): number {
    return this.q.length - this.head
  }

  /** Queues a frame received at `receivedAt` (ms, handed on to `process`) and makes sure a drain is scheduled. */
  push(data: unknown, receivedAt: number): void {
    const at = this.o.now()
    this.q.push({ data, at, receivedAt, seq: this.seq++ })
    this.live++
    if (this.live > this.o.maxQueued) {
      this.conflate(at + this.o.sliceMs / 2)
      if (this.live > this.o.maxQueued) this.dropOldest()
    }
    // Skipped entries are small (their data is released), but a queue of them is bounded too.
    while (this.length > 4 * this.o.maxQueued) this.dropOldest()
    this.counters.queued = this.live
    if (this.live > this.counters.maxQueued) this.counters.maxQueued = this.live
    if (!this.scheduled) {
      this.scheduled = true
      this.o.defer(() => this.drain())
    }
  }

  /** Forgets every queued frame (socket replaced: its frames belong to a connection that is gone). */
  clear(): void {
    this.q = []
    this.head = 0
    this.live = 0
    this.byKey.clear()
    this.keyingCut = false
    this.counters.queued = 0
  }

  /** One slice: conflate when behind, then decode frames in order until the queue is empty or the slice is used. */
  drain(): void {
    this.scheduled = false
    const { now, sliceMs } = this.o
    const start = now()
    this.counters.slices++
    if (this.behind(start)) this.conflate(start + sliceMs / 2)
    while (this.head < this.q.length) {
      const e = this.q[this.head]!
      this.q[this.head++] = undefined
      if (e.skipped) continue
      this.live--
      if (e.key) this.forget(e)
      const waited = start - e.at
      if (waited > this.counters.maxWaitMs) this.counters.maxWaitMs = waited
      this.counters.decoded++
      try {
        this.o.process(e.data, e.receivedAt)
      } catch {
        // The socket catches and logs its own hooks; a throw here must not stall the queue.
      }
      if (now() - start >= sliceMs) break
    }
    this.compact()
    this.counters.queued = this.live
    if (this.length > 0) {
      this.counters.slicesCut++
      this.scheduled = true
      this.o.defer(() => this.drain())
    }
  }

  private behind(now: number): boolean {
    const first = this.q[this.head]
    return this.live > this.o.behindFrames || (first !== undefined && now - first.at > this.o.behindMs)
  }

  /**
   * Keys frames from the newest back to the first already keyed (or until `until`), and each key keeps only its
   * newest frame (`latest`) or newest `recentKept` frames (`recent`). After a pass cut short by `until`, the next one
   * keys the older frames it left too: a preemption while peeking must not leave a backlog that is never conflated.
   */
  private conflate(until: number): void {
    const everyFrame = this.keyingCut
    this.keyingCut = false
    for (let i = this.q.length - 1; i >= this.head; i--) {
      const e = this.q[i]!
      if (e.key !== undefined) {
        if (everyFrame) continue
        break
      }
      e.key = this.o.frameKey(e.data) ?? null
      this.counters.peeked++
      if (e.key) this.file(e)
      if (this.o.now() >= until) {
        this.keyingCut = i > this.head
        break
      }
    }
  }

  /** Files a keyed frame in its key's list (arrival order) and skips what the key no longer keeps. */
  private file(e: Entry): void {
    const k = e.key!
    let list = this.byKey.get(k.key)
    if (!list) this.byKey.set(k.key, (list = []))
    let at = list.length
    while (at > 0 && list[at - 1]!.seq > e.seq) at--
    list.splice(at, 0, e)
    const keep = k.keep === 'latest' ? 1 : this.o.recentKept
    while (list.length > keep) this.skip(list.shift()!)
  }

  private skip(e: Entry): void {
    e.skipped = true
    e.data = undefined
    this.live--
    const k = e.key!
    if (k.channel === 'trade') this.counters.tradesTrimmed++
    else this.counters.conflated[k.channel]++
  }

  /** `e` is being decoded: it is the oldest of its key's list. */
  private forget(e: Entry): void {
    const k = e.key!.key
    const list = this.byKey.get(k)
    if (!list) return
    if (list[0] === e) list.shift()
    if (list.length === 0) this.byKey.delete(k)
  }

  private dropOldest(): void {
    while (this.head < this.q.length) {
      const e = this.q[this.head]!
      this.q[this.head++] = undefined
      if (e.skipped) continue
      this.live--
      if (e.key) this.forget(e)
      this.counters.overflow++
      return
    }
  }

  private compact(): void {
    if (this.head === this.q.length) {
      this.q = []
      this.head = 0
    } else if (this.head > 1024 && this.head * 2 > this.q.length) {
      this.q = this.q.slice(this.head)
      this.head = 0
    }
  }
}

/**
 * A macrotask scheduler that lets timers run between slices. Browsers: a MessageChannel message (each is its own
 * task, and it is not clamped like nested setTimeout, which waits ≥ 4 ms after five levels). Node (tests): setImmediate,
 * because Node delivers up to 1,000 port messages in one go and would starve its timers. Else setTimeout 0.
 */
export function macrotask(): (fn: () => void) => void {
  const g = globalThis as { setImmediate?: (fn: () => void) => unknown }
  if (typeof g.setImmediate === 'function') {
    const immediate = g.setImmediate
    return (fn) => void immediate(fn)
  }
  if (typeof MessageChannel !== 'function') return (fn) => void setTimeout(fn, 0)
  const ch = new MessageChannel()
  const queue: (() => void)[] = []
  ch.port1.onmessage = () => queue.shift()?.()
  return (fn) => {
    queue.push(fn)
    ch.port2.postMessage(0)
  }
}
