/**
 * Retry schedule for a candle series whose latest-history `req` failed (timed out on a busy gateway, rejected, or
 * lost with the socket). Without it a chart opened at such a moment kept only its live bar until the next reconnect.
 * Delays double from `firstMs` up to `maxMs`; a success or a new socket resets the series.
 */
export class HistoryRetry {
  private readonly attempts = new Map<string, number>()
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>()

  constructor(
    private readonly firstMs = 1000,
    private readonly maxMs = 30_000,
  ) {}

  /** Runs `again` after the next delay for `key`, unless one is already waiting. Returns that delay, ms. */
  schedule(key: string, again: () => void): number {
    const n = (this.attempts.get(key) ?? 0) + 1
    this.attempts.set(key, n)
    const delay = Math.min(this.maxMs, this.firstMs * 2 ** (n - 1))
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
