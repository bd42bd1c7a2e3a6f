/**
 * Coalescing publisher: caches mark keys dirty as frames arrive; each subscription is flushed at most once per its
 * interval, with everything that changed meanwhile merged into one snapshot. While the UI has not yet run the
 * previous callback (comlink resolves the call when it has), nothing more is posted for that subscription, so a
 * blocked main thread sees one fresh snapshot afterwards instead of a backlog (reliability.md W5).
 */

/** One UI subscription as the scheduler sees it. */
export interface Publishable {
  readonly id: number
  /** What it is (tickers, book, …), for the devtools inspector. */
  readonly kind?: string
  /** Dirty keys this subscription listens to, e.g. `ticker:btcusdt`. */
  readonly keys: readonly string[]
  /** Minimum gap between two deliveries, ms. */
  readonly intervalMs: number
  /** A key it listens to changed. */
  touch(key: string): void
  /** True while it holds changes the view has never shown (a list filling up): flushed within FIRST_FILL_MS. */
  firstFill?(): boolean
  /** The snapshot to deliver now, or undefined when there is nothing new. */
  build(): unknown
  /** Hands the snapshot to the UI; may return a promise that settles once the UI ran the callback. */
  deliver(snapshot: unknown): unknown
}

/** Delay of a first-fill flush, ms: short enough to feel instant, long enough to merge a burst of first ticks. */
export const FIRST_FILL_MS = 100

interface State {
  sub: Publishable
  lastFlushAt: number
  timer: ReturnType<typeof setTimeout> | undefined
  inflight: boolean
  pending: boolean
  /** When the armed timer fires, ms. */
  dueAt?: number
}

export class Scheduler {
  private readonly states = new Map<number, State>()
  private readonly byKey = new Map<string, Set<State>>()
  /** Deliveries made, for the inspector. */
  delivered = 0
  /** Latest a flush timer ran after it was due, ms: shows whether frame work starved the timers. */
  maxLateMs = 0

  constructor(
    private readonly now: () => number = Date.now,
    private readonly onError: (err: unknown) => void = (e) => console.warn('snapshot delivery failed', e),
  ) {}

  /** Registers `sub` and delivers its first snapshot (whatever is cached) right away. */
  add(sub: Publishable): void {
    const st: State = { sub, lastFlushAt: -Infinity, timer: undefined, inflight: false, pending: true }
    this.states.set(sub.id, st)
    for (const k of sub.keys) {
      let set = this.byKey.get(k)
      if (!set) this.byKey.set(k, (set = new Set()))
      set.add(st)
    }
    this.request(st)
  }

  /** Forgets `id`; no delivery happens after this returns. */
  remove(id: number): Publishable | undefined {
    const st = this.states.get(id)
    if (!st) return undefined
    clearTimeout(st.timer)
    this.states.delete(id)
    for (const k of st.sub.keys) {
      const set = this.byKey.get(k)
      set?.delete(st)
      if (set?.size === 0) this.byKey.delete(k)
    }
    return st.sub
  }

  /** Marks `key` changed for every subscription listening to it. */
  markDirty(key: string): void {
    const set = this.byKey.get(key)
    if (!set) return
    for (const st of set) {
      st.sub.touch(key)
      st.pending = true
      this.request(st)
    }
  }

  has(key: string): boolean {
    return this.byKey.has(key)
  }

  subscriptions(): Publishable[] {
    return [...this.states.values()].map((s) => s.sub)
  }

  private request(st: State): void {
    if (st.inflight) return
    // Always through a timer, so a burst of changes in one task ends up in one snapshot.
    const due = Math.max(0, st.lastFlushAt + st.sub.intervalMs - this.now())
    const wait = st.sub.firstFill?.() ? Math.min(due, FIRST_FILL_MS) : due
    if (st.timer !== undefined) {
      if (wait >= (st.dueAt ?? 0) - this.now()) return
      clearTimeout(st.timer)
    }
    st.dueAt = this.now() + wait
    st.timer = setTimeout(() => this.flush(st), wait)
  }

  private flush(st: State): void {
    st.timer = undefined
    const late = this.now() - (st.dueAt ?? 0)
    if (late > this.maxLateMs) this.maxLateMs = late
    if (!this.states.has(st.sub.id) || !st.pending) return
    st.pending = false
    let snapshot: unknown
    try {
      snapshot = st.sub.build()
    } catch (err) {
      return this.onError(err)
    }
    if (snapshot === undefined) return
    st.lastFlushAt = this.now()
    this.delivered++
    let result: unknown
    try {
      result = st.sub.deliver(snapshot)
    } catch (err) {
      return this.onError(err)
    }
    if (!isThenable(result)) return
    st.inflight = true
    result.then(
      () => this.settled(st),
      (err: unknown) => {
        this.onError(err)
        this.settled(st)
      },
    )
  }

  private settled(st: State): void {
    st.inflight = false
    if (st.pending && this.states.has(st.sub.id)) this.request(st)
  }
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function'
}
