/**
 * Per-connection budgets of the gateway, so that one socket cannot take the event loop or the memory from everyone
 * else: token buckets for `req` and for `sub`/`unsub`, a cap on live topics and on queued history requests.
 */

/** The limits one connection lives under; tests pass smaller ones. */
export interface ConnectionLimits {
  /**
   * `req` per second, sustained. HTX: "The limitation of single connection is 100 ms" for pull-style `req`
   * (htx-protocol.md a4), i.e. 10/s; the worker paces its requests to one per 100 ms for the same reason.
   */
  reqPerSec: number
  /** `req` allowed back to back before the rate applies: absorbs network jitter bunching the worker's 100 ms pacing. */
  reqBurst: number
  /**
   * `sub` + `unsub` per second. HTX documents 50 valid requests (req, sub, unsub) per second per connection on its
   * `/ws/v2` socket (HTX spot API docs, "Rate Limit"); the market socket documents no figure of its own.
   */
  subPerSec: number
  /** `sub`/`unsub` allowed back to back: a reconnecting worker resubscribes every live topic at once. */
  subBurst: number
  /**
   * Topics one connection may hold. HTX documents no number, only that "a connection that carries too many topics
   * gets latency and disconnects" (htx-protocol.md a1); Binance caps a connection at 1,024 streams and client
   * libraries warn from 200. Our app needs the list's tickers (18 markets today) plus about a dozen topics of one
   * market's screens, so 200 leaves room for a catalogue ten times larger and bounds the fan-out one socket costs.
   */
  maxTopics: number
  /** `req` waiting for their answer per connection (beyond it: the 429 reply), e.g. behind a slow upstream. */
  maxQueuedReqs: number
}

export const DEFAULT_LIMITS: ConnectionLimits = {
  reqPerSec: 10,
  reqBurst: 20,
  subPerSec: 50,
  subBurst: 100,
  maxTopics: 200,
  maxQueuedReqs: 20,
}

/**
 * A token bucket: `burst` tokens at first, refilled at `perSec` per second up to `burst`. `take()` spends one token
 * and says false when none is left (the request is then refused, not delayed: a queue would hold the flood).
 */
export class TokenBucket {
  private tokens: number
  private last: number

  constructor(
    private readonly perSec: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst
    this.last = now()
  }

  take(): boolean {
    const t = this.now()
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) * this.perSec) / 1000)
    this.last = t
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }
}
