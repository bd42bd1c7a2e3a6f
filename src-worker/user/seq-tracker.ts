/**
 * Which per-user sequence numbers were applied. The server numbers every event of a user in one gap-free sequence
 * over all topics, but a resume replays each subscribed channel on its own, so after a reconnect the channels' missed
 * events can arrive interleaved out of global order (orders 5, 7, then positions 6). A push is a duplicate when its
 * `seq` is ≤ `last` (every number up to it was applied) or was already applied above it; `last` is the resume point.
 */

/** Most numbers held above `last` before a hole is given up on (a number that never comes). */
export const MAX_AHEAD = 1024

export class SeqTracker {
  /** Every sequence number ≤ last was applied (or is covered by a REST reload); null: no baseline yet. */
  last: number | null = null
  private readonly ahead = new Set<number>()
  /** Holes given up on (MAX_AHEAD exceeded). */
  holesSkipped = 0

  /** Sets the baseline when none is known (the auth or sub answer's latest `seq`). */
  baseline(seq: number): void {
    if (this.last === null) this.last = seq
  }

  /** Starts over from `seq` (after a resync: what came before is reloaded by REST). */
  reset(seq: number | null): void {
    this.last = seq
    this.ahead.clear()
  }

  /** True (and recorded) when `seq` is new; false for a duplicate. */
  accept(seq: number): boolean {
    if (this.last === null) this.last = seq - 1
    if (seq <= this.last || this.ahead.has(seq)) return false
    this.ahead.add(seq)
    while (this.ahead.delete(this.last + 1)) this.last++
    if (this.ahead.size > MAX_AHEAD) {
      this.holesSkipped++
      this.last = Math.min(...this.ahead) - 1
      while (this.ahead.delete(this.last + 1)) this.last++
    }
    return true
  }
}
