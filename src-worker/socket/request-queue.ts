/**
 * `req` pacing and correlation for one socket: at most one request per `gapMs` (htx-protocol.md a4: "the limitation
 * of single connection is 100 ms"), answers matched by id, a timeout per request, everything rejected on close.
 */

interface Pending {
  id: string
  msg: Record<string, unknown>
  resolve: (data: unknown) => void
  reject: (err: Error) => void
  timer?: ReturnType<typeof setTimeout>
}

/** Requests allowed to wait; beyond this a new one is rejected at once rather than growing the queue. */
export const MAX_QUEUED_REQUESTS = 64

export class RequestQueue {
  private readonly queue: Pending[] = []
  private readonly inflight = new Map<string, Pending>()
  private lastSentAt = -Infinity
  private pump: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly send: (msg: Record<string, unknown>) => boolean,
    private readonly gapMs: number,
    private readonly timeoutMs: number,
    private readonly now: () => number,
  ) {}

  /** Queues `msg` (which must carry a unique `id`); resolves with the reply payload. */
  request(id: string, msg: Record<string, unknown>): Promise<unknown> {
    if (this.queue.length >= MAX_QUEUED_REQUESTS) return Promise.reject(new Error('too many queued requests'))
    return new Promise((resolve, reject) => {
      this.queue.push({ id, msg, resolve, reject })
      this.drain()
    })
  }

  /** Settles the request `id`; returns false when no such request is waiting. */
  settle(id: string | undefined, result: { data: unknown } | { error: string }): boolean {
    const p = id === undefined ? undefined : this.inflight.get(id)
    if (!p) return false
    this.inflight.delete(p.id)
    clearTimeout(p.timer)
    if ('error' in result) p.reject(new Error(result.error))
    else p.resolve(result.data)
    return true
  }

  /** Rejects everything queued or in flight (socket closed). */
  failAll(reason: string): void {
    clearTimeout(this.pump)
    this.pump = undefined
    const all = [...this.queue.splice(0), ...this.inflight.values()]
    this.inflight.clear()
    for (const p of all) {
      clearTimeout(p.timer)
      p.reject(new Error(reason))
    }
  }

  get size(): number {
    return this.queue.length + this.inflight.size
  }

  private drain(): void {
    if (this.pump !== undefined || this.queue.length === 0) return
    const wait = this.lastSentAt + this.gapMs - this.now()
    if (wait > 0) {
      this.pump = setTimeout(() => {
        this.pump = undefined
        this.drain()
      }, wait)
      return
    }
    const p = this.queue.shift()!
    this.lastSentAt = this.now()
    if (!this.send(p.msg)) {
      p.reject(new Error('no connected'))
    } else {
      this.inflight.set(p.id, p)
      p.timer = setTimeout(() => this.settle(p.id, { error: 'request timeout' }), this.timeoutMs)
    }
    this.drain()
  }
}
