/** Latest trades per symbol, newest first, de-duplicated by `tradeId` (never the float `id`), bounded. */
import type { SnapshotOrigin } from '../../common/engine-api'
import type { TradeItem } from '../../common/feed/messages'

/** Trades kept per symbol. */
export const MAX_TRADES = 200

interface TradeList {
  /** Oldest to newest by (ts, tradeId); the live window is `items[start..]`, at most `max` long. */
  items: TradeItem[]
  /** Index of the oldest trade still kept: trimming moves it instead of shifting the array on every trade. */
  start: number
  /** tradeIds of the live window. */
  ids: Set<number>
  receivedAt: number
  origin: SnapshotOrigin
}

const oldestFirst = (a: TradeItem, b: TradeItem) => a.ts - b.ts || a.tradeId - b.tradeId

/**
 * Kept oldest to newest so that a live trade, almost always the newest, is appended (O(1)) instead of inserted at the
 * front of a 200-long array and shifting it on every trade of every frame (the worker's cost per trade.detail frame,
 * issue 9 part 3); `latest` reads it backwards.
 */
export class TradeCache {
  private readonly lists = new Map<string, TradeList>()

  constructor(private readonly max = MAX_TRADES) {}

  /** Adds trades not seen before. @returns how many were new. */
  apply(symbol: string, trades: TradeItem[], receivedAt: number): number {
    let list = this.lists.get(symbol)
    if (!list) {
      list = { items: [], start: 0, ids: new Set(), receivedAt, origin: 'live' }
      this.lists.set(symbol, list)
    }
    if (list.origin === 'cache' && trades.length > 0) {
      // Restored trades give way to live ones: between the two there may be a gap the list would hide.
      list.items = []
      list.start = 0
      list.ids.clear()
    }
    let added = 0
    const items = list.items
    for (const t of trades) {
      if (list.ids.has(t.tradeId)) continue
      // From the newest end: a fresh trade almost always belongs at the very end, so the scan is short.
      let at = items.length
      while (at > list.start && oldestFirst(items[at - 1]!, t) > 0) at--
      if (items.length - at >= this.max) continue // older than every trade kept
      if (at === items.length) items.push(t)
      else items.splice(at, 0, t)
      list.ids.add(t.tradeId)
      if (items.length - list.start > this.max) list.ids.delete(items[list.start++]!.tradeId)
      added++
    }
    if (list.start > this.max) {
      list.items = items.slice(list.start)
      list.start = 0
    }
    if (added === 0) return 0
    list.receivedAt = receivedAt
    list.origin = 'live'
    return added
  }

  /** Puts trades restored from IndexedDB in place (origin 'cache') unless live ones are held. */
  restore(symbol: string, trades: readonly TradeItem[], receivedAt: number): boolean {
    if (this.lists.get(symbol)?.origin === 'live') return false
    const items = [...trades].sort(oldestFirst).slice(-this.max)
    this.lists.set(symbol, {
      items,
      start: 0,
      ids: new Set(items.map((t) => t.tradeId)),
      receivedAt,
      origin: 'cache',
    })
    return true
  }

  /** Newest first, at most `limit`. */
  latest(
    symbol: string,
    limit: number,
  ): { trades: TradeItem[]; receivedAt: number; origin: SnapshotOrigin } | undefined {
    const list = this.lists.get(symbol)
    if (!list) return undefined
    const trades: TradeItem[] = []
    for (let i = list.items.length - 1; i >= list.start && trades.length < limit; i--) trades.push(list.items[i]!)
    return { trades, receivedAt: list.receivedAt, origin: list.origin }
  }

  symbols(): string[] {
    return [...this.lists.keys()]
  }

  count(symbol: string): number {
    const list = this.lists.get(symbol)
    return list ? list.items.length - list.start : 0
  }
}
