/**
 * Order books from `depth.step0` full snapshots (htx-protocol.md a5): each push replaces the book; a snapshot whose
 * `version` is not newer than the one held is a duplicate or out of order and is dropped.
 */
import type { BookSnapshot, SnapshotOrigin } from '../../common/engine-api'
import type { DepthTick, Level } from '../../common/feed/messages'

/** A held book: full depth as received, bids descending, asks ascending. */
export interface BookState {
  bids: Level[]
  asks: Level[]
  version: number
  ts: number
  receivedAt: number
  origin: SnapshotOrigin
}

export class OrderBookCache {
  private readonly books = new Map<string, BookState>()
  /** Highest version seen per symbol since the last (re)connect. */
  private readonly newest = new Map<string, number>()

  /** @returns false when the snapshot was dropped (version not newer). */
  apply(symbol: string, tick: DepthTick, receivedAt: number): boolean {
    if (tick.version <= (this.newest.get(symbol) ?? -Infinity)) return false
    this.newest.set(symbol, tick.version)
    this.books.set(symbol, {
      bids: tick.bids,
      asks: tick.asks,
      version: tick.version,
      ts: tick.ts,
      receivedAt,
      origin: 'live',
    })
    return true
  }

  /** Puts a restored book in place unless a live one is held. */
  restore(symbol: string, book: Omit<BookState, 'origin'>): boolean {
    if (this.books.get(symbol)?.origin === 'live') return false
    this.books.set(symbol, { ...book, origin: 'cache' })
    return true
  }

  /** A restarted server may restart its version counter: accept any version after a reconnect. */
  allowAnyNext(): void {
    this.newest.clear()
  }

  get(symbol: string): BookState | undefined {
    return this.books.get(symbol)
  }

  symbols(): string[] {
    return [...this.books.keys()]
  }

  /** The book trimmed to `depth` levels per side, as the UI receives it. */
  snapshot(symbol: string, depth: number): BookSnapshot | undefined {
    const b = this.books.get(symbol)
    if (!b) return undefined
    return {
      symbol,
      bids: b.bids.slice(0, depth),
      asks: b.asks.slice(0, depth),
      version: b.version,
      ts: b.ts,
      receivedAt: b.receivedAt,
      origin: b.origin,
    }
  }
}
