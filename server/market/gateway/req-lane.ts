/**
 * The lane `req` history goes through, so that answering it never holds the event loop: at most `concurrency`
 * requests run at once across the gateway (one per connection, see Session.enqueueReq), each starts from a fresh
 * macrotask so pushes and other clients' frames run in between, and answers are gzipped on the thread pool.
 * Before this, 3,000 kline `req` on one socket were answered in one turn of the loop: ~6 s of nothing else.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'

/** Default concurrency: libuv's thread pool has 4 threads, and the gzip of each answer runs there. */
export const REQ_LANE_CONCURRENCY = 4

export class ReqLane {
  private active = 0
  private readonly waiting: Array<() => void> = []

  constructor(private readonly concurrency = REQ_LANE_CONCURRENCY) {}

  /** Runs `job` when a slot is free, after yielding to the loop once. `job` must not reject (it answers errors). */
  async run(job: () => Promise<void>): Promise<void> {
    if (this.active < this.concurrency) this.active++
    else await new Promise<void>((resolve) => this.waiting.push(resolve)) // the slot is handed over by release()
    try {
      await nextTurn()
      await job()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.active--
    }
  }
}
