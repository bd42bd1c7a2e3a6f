/**
 * Per-topic watchdog (reliability.md W3): feeds can go silent on one topic while pings keep flowing. Topics that
 * push on a fixed clock — tickers (every 100 ms, or per `freq`) and depth.step0 (every 1 s) — are resubscribed
 * when nothing arrived on them for `stallMs` (or 3 × their freq, if longer). Trades and klines are left alone:
 * a quiet market legitimately sends nothing.
 */

/** Silence on a periodic topic before it is resubscribed, ms (W3: "within 30 s"). */
export const STALL_MS = 20_000

export class StallWatch {
  private readonly lastPush = new Map<string, number>()
  /** Resubscriptions made, for the inspector. */
  resubscribed = 0

  constructor(
    private readonly now: () => number,
    private readonly stallMs = STALL_MS,
  ) {}

  /** A push arrived on `topic`. */
  seen(topic: string): void {
    this.lastPush.set(topic, this.now())
  }

  /** Forget everything (new socket: every topic gets a fresh grace period). */
  reset(): void {
    this.lastPush.clear()
  }

  /** Topics among `live` that stalled; each is given a fresh grace period. */
  stalled(live: { topic: string; freq: number | undefined }[]): string[] {
    const now = this.now()
    const out: string[] = []
    for (const { topic, freq } of live) {
      if (!topic.endsWith('.ticker') && !topic.endsWith('.depth.step0')) continue
      const last = this.lastPush.get(topic)
      if (last === undefined) {
        this.lastPush.set(topic, now)
        continue
      }
      if (now - last > Math.max(this.stallMs, 3 * (freq ?? 0))) {
        out.push(topic)
        this.lastPush.set(topic, now)
        this.resubscribed++
      }
    }
    return out
  }
}
