/**
 * IndexedDB (idb-keyval) home of the last snapshots, so a cold or offline start shows the last markets with their
 * age. Writes are throttled: `markDirty` at any rate, at most one write per `intervalMs`; something seen for the
 * first time (a series' first history answer, a book's first snapshot) is written within `URGENT_MS`, and the page
 * asks for a `flush` when it hides (issue 24 part 9), so a chart looked at for 2 s is there offline. Storage failures
 * (private mode, quota) are logged and otherwise ignored: persistence is a convenience, never a reason to stop the
 * feed.
 */
import { createStore, getMany, setMany, type UseStore } from 'idb-keyval'
import type { TickerSnapshot } from '../../common/engine-api'
import { validateStored, type Restored, type StoredBook, type StoredCandles, type StoredTrades } from './records'

/** Default gap between two writes, ms. */
export const PERSIST_INTERVAL_MS = 5000
/** Longest wait before writing something seen for the first time, ms (coalesces a burst of first arrivals). */
export const URGENT_MS = 250
const DB_NAME = 'tc-market-engine'
const STORE_NAME = 'snapshots'

/** What one write stores. */
export interface PersistData {
  tickers: TickerSnapshot[]
  books: StoredBook[]
  candles: StoredCandles[]
  trades: StoredTrades[]
}

export class SnapshotStore {
  private store: UseStore | undefined
  private timer: ReturnType<typeof setTimeout> | undefined
  /** When the pending timer fires (ms, `now()`), to tell whether an urgent write must move it earlier. */
  private dueAt = 0
  private dirty = false
  private writing: Promise<void> = Promise.resolve()
  /** Writes done, for the inspector. */
  writes = 0

  constructor(
    private readonly collect: () => PersistData,
    private readonly intervalMs = PERSIST_INTERVAL_MS,
    private readonly log: Pick<Console, 'warn'> = console,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reads and validates what the last session stored. Never rejects: an unreadable store restores nothing. */
  async load(): Promise<Restored> {
    try {
      const [tickers, books, candles, trades] = await getMany<unknown>(
        ['tickers', 'books', 'candles', 'trades'],
        this.db(),
      )
      return validateStored({ tickers, books, candles, trades })
    } catch (err) {
      this.log.warn('market cache restore failed', err)
      return { tickers: [], books: [], candles: [], trades: [], rejected: 0 }
    }
  }

  /**
   * Something worth storing changed; it is written within `intervalMs`, or within `URGENT_MS` (never later than
   * `intervalMs`) when `urgent`: the first data of a book, series or trade list, which nothing stored holds yet.
   */
  markDirty(urgent = false): void {
    this.dirty = true
    // The hot path (every feed push): a write is already due no later than a throttled one would be.
    if (!urgent && this.timer !== undefined) return
    const wait = urgent ? Math.min(URGENT_MS, this.intervalMs) : this.intervalMs
    const due = this.now() + wait
    if (this.timer !== undefined && this.dueAt <= due) return
    clearTimeout(this.timer)
    this.dueAt = due
    this.timer = setTimeout(() => {
      this.timer = undefined
      void this.flush()
    }, wait)
  }

  /** Writes now if anything changed (also used on close). */
  flush(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    if (!this.dirty) return this.writing
    this.dirty = false
    const data = this.collect()
    this.writing = this.writing.then(() => this.write(data))
    return this.writing
  }

  private async write(data: PersistData): Promise<void> {
    try {
      await setMany(
        [
          ['tickers', data.tickers],
          ['books', data.books],
          ['candles', data.candles],
          ['trades', data.trades],
        ],
        this.db(),
      )
      this.writes++
    } catch (err) {
      this.log.warn('market cache write failed', err)
    }
  }

  /** Stops the throttle timer without writing. */
  stop(): void {
    clearTimeout(this.timer)
    this.timer = undefined
  }

  private db(): UseStore {
    this.store ??= createStore(DB_NAME, STORE_NAME)
    return this.store
  }
}
