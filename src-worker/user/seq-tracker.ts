/**
 * Puts the user's events back in sequence order. The server numbers every event of a user in one gap-free sequence
 * over all topics, but a resume replays each subscribed channel on its own (and two relays may publish a user's
 * events in a different order), so after a reconnect the channels' missed events can arrive interleaved out of global
 * order (orders 5, 7, then positions 6). An event above the next expected number is held until the hole before it
 * fills; the stream gives up on a hole that stays open HOLE_WAIT_MS (`skipHole`), so a number that never comes delays
 * the later ones once, never forever, and then sends the screens to REST (user-stream.ts: `resync`), since the state
 * built from events may miss what that number carried. A push is a duplicate when its `seq` is ≤ `last` (applied) or already held.
 */

/** Most events held above `last` before a hole is given up on at once. */
export const MAX_AHEAD = 1024

/**
 * How long an event may wait for the numbers before it, ms: a resume's channels arrive within milliseconds of each
 * other, so half a second only delays what follows a number that will not come (a channel whose sub was refused).
 */
export const HOLE_WAIT_MS = 500

export class SeqTracker<T = unknown> {
  /** Every sequence number ≤ last was applied (or is covered by a REST reload); null: no baseline yet. */
  last: number | null = null
  private readonly held = new Map<number, T>()
  /** Holes given up on (HOLE_WAIT_MS passed, or MAX_AHEAD exceeded). */
  holesSkipped = 0

  /** Sets the baseline when none is known (the auth or sub answer's latest `seq`). */
  baseline(seq: number): void {
    if (this.last === null) this.last = seq
  }

  /** Starts over from `seq` (after a resync: what came before is reloaded by REST); held events are dropped. */
  reset(seq: number | null): void {
    this.last = seq
    this.held.clear()
  }

  /** Events waiting for a hole before them to fill. */
  get waiting(): number {
    return this.held.size
  }

  /**
   * Takes event `seq` (its payload `item`). Answers null for a duplicate; otherwise the items that can be applied now,
   * in sequence order: none while a number before `seq` is missing, `item` and every held one it unblocks otherwise.
   */
  offer(seq: number, item: T): T[] | null {
    if (this.last === null) this.last = seq - 1
    if (seq <= this.last || this.held.has(seq)) return null
    this.held.set(seq, item)
    const ready = this.drain()
    if (this.held.size > MAX_AHEAD) ready.push(...this.skipHole())
    return ready
  }

  /** Gives up the hole before the lowest held number: answers the items that can then be applied, in order. */
  skipHole(): T[] {
    if (this.held.size === 0 || this.last === null) return []
    this.holesSkipped++
    this.last = Math.min(...this.held.keys()) - 1
    return this.drain()
  }

  private drain(): T[] {
    const ready: T[] = []
    let next = (this.last as number) + 1
    while (this.held.has(next)) {
      ready.push(this.held.get(next) as T)
      this.held.delete(next)
      this.last = next
      next++
    }
    return ready
  }
}
