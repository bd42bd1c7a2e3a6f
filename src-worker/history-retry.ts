/**
 * Retry schedule for a candle series whose latest-history `req` failed (timed out on a busy gateway, rejected, or
 * lost with the socket). Without it a chart opened at such a moment kept only its live bar until the next reconnect.
 * Delays grow from `firstMs` up to `maxMs` with the socket's reconnect backoff (jittered, so the clients of a gateway that
 * hiccuped do not all ask again in the same instant); a success or a new socket resets the series.
 */
import { reconnectDelay } from './socket/backoff'

export class HistoryRetry {
  private readonly attempts = new Map<string, number>()
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>()

  constructor(
    private readonly firstMs = 1000,
    private readonly maxMs = 30_000,
    private readonly random: () => number = Math.random,
  ) {}

  /** Runs `again` after the next delay for `key`, unless one is already waiting. Returns that delay, ms. */
  schedule(key: string, again: () => void): number {
    const failures = this.attempts.get(key) ?? 0
    this.attempts.set(key, failures + 1)
    const delay = reconnectDelay(failures, this.firstMs, this.maxMs, this.random())
    if (!this.timers.has(key))
      this.timers.set(
        key,
        setTimeout(() => {
          this.timers.delete(key)
          again()
        }, delay),
      )
    return delay
  }

  /** The series got its history: the next failure starts from `firstMs` again. */
  succeeded(key: string): void {
    this.attempts.delete(key)
  }

  /** Cancels every waiting retry (engine closed, or a new socket primes every series anyway). */
  clear(): void {
    for (const t of this.timers.values()) clearTimeout(t)
    this.timers.clear()
    this.attempts.clear()
  }
}
