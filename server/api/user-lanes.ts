/**
 * Fair share of the database between signed-in users: at most USER_IN_FLIGHT calls of one user run at once, the rest
 * wait in that user's own queue (at most USER_QUEUE_MAX, first come first served). Without it, one user's burst of
 * 2,000 parallel transfers filled the connection pool's single queue, and another user's call waited behind all of
 * them until it timed out (reliability.md: "every per-connection queue has a budget; a hostile input costs its sender,
 * never the process"). The races the ledger guards against still happen: USER_IN_FLIGHT transactions of one user
 * overlap on the same rows.
 */
import { POOL_MAX } from '../db/pool'
import { DomainError } from '../domain/errors'

/** Calls of one user running at once: half the pool, so others always find connections. */
export const USER_IN_FLIGHT = Math.max(1, Math.floor(POOL_MAX / 2))
/** Calls of one user waiting for a turn; past it a call is refused at once (retry after a second). */
export const USER_QUEUE_MAX = 5000

interface Lane {
  running: number
  waiting: (() => void)[]
}

/** Per-user admission queues of one process. */
export class UserLanes {
  readonly #lanes = new Map<number, Lane>()

  constructor(
    private readonly inFlight = USER_IN_FLIGHT,
    private readonly queueMax = USER_QUEUE_MAX,
  ) {}

  /**
   * Runs `fn` in `userId`'s lane: at once when fewer than `inFlight` of the user's calls run, else after the ones
   * queued before it.
   * @throws DomainError rate_limited `retryLater` (retry after 1 s) when the user already has `queueMax` calls waiting.
   */
  async run<T>(userId: number, fn: () => Promise<T>): Promise<T> {
    let lane = this.#lanes.get(userId)
    if (!lane) this.#lanes.set(userId, (lane = { running: 0, waiting: [] }))
    if (lane.running < this.inFlight) lane.running++
    else if (lane.waiting.length >= this.queueMax)
      throw new DomainError('rate_limited', 'retryLater', { retryAfterS: 1 })
    // A finishing call hands its slot to the first waiter as is (running unchanged), so none can slip in between.
    else await new Promise<void>((resolve) => lane.waiting.push(resolve))
    try {
      return await fn()
    } finally {
      const next = lane.waiting.shift()
      if (next) next()
      else if (--lane.running === 0) this.#lanes.delete(userId)
    }
  }

  /** Users with a call running or waiting (for tests and diagnostics). */
  get size(): number {
    return this.#lanes.size
  }
}
