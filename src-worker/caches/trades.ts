/** Latest trades per symbol, newest first, de-duplicated by `tradeId` (never the float `id`), bounded. */
import type { SnapshotOrigin } from '../../common/engine-api'
import type { TradeItem } from '../../common/feed/messages'

/** Trades kept per symbol. */
export const MAX_TRADES = 200

interface TradeList {
  items: TradeItem[]
  /** tradeIds of `items`. */
  ids: Set<number>
  receivedAt: number
  origin: SnapshotOrigin
}

const newestFirst = (a: TradeItem, b: TradeItem) => b.ts - a.ts || b.tradeId - a.tradeId

export class TradeCache {
  private readonly lists = new Map<string, TradeList>()

  constructor(private readonly max = MAX_TRADES) {}

  /** Adds trades not seen before. @returns how many were new. */
  apply(symbol: string, trades: TradeItem[], receivedAt: number): number {
    let list = this.lists.get(symbol)
    if (!list) {
      list = { items: [], ids: new Set(), receivedAt, origin: 'live' }
      this.lists.set(symbol, list)
    }
    if (list.origin === 'cache' && trades.length > 0) {
      // Restored trades give way to live ones: between the two there may be a gap the list would hide.
      list.items = []
      list.ids.clear()
    }
    let added = 0
    const items = list.items
    for (const t of trades) {
      if (list.ids.has(t.tradeId)) continue
      // Newest first; a fresh trade almost always lands at index 0, so the scan is short.
      let i = 0
      while (i < items.length && newestFirst(items[i]!, t) < 0) i++
      if (i >= this.max) continue
      items.splice(i, 0, t)
      list.ids.add(t.tradeId)
      if (items.length > this.max) list.ids.delete(items.pop()!.tradeId)
      added++
    }
    if (added === 0) return 0
    list.receivedAt = receivedAt
    list.origin = 'live'
    return added
  }

  /** Puts trades restored from IndexedDB in place (origin 'cache') unless live ones are held. */
  restore(symbol: string, trades: readonly TradeItem[], receivedAt: number): boolean {
    if (this.lists.get(symbol)?.origin === 'live') return false
    const items = [...trades].sort(newestFirst).slice(0, this.max)
    this.lists.set(symbol, { items, ids: new Set(items.map((t) => t.tradeId)), receivedAt, origin: 'cache' })
    return true
  }

  /** Newest first, at most `limit`. */
  latest(
    symbol: string,
    limit: number,
  ): { trades: TradeItem[]; receivedAt: number; origin: SnapshotOrigin } | undefined {
    const list = this.lists.get(symbol)
    if (!list) return undefined
    return { trades: list.items.slice(0, limit), receivedAt: list.receivedAt, origin: list.origin }
  }

  symbols(): string[] {
    return [...this.lists.keys()]
  }

  count(symbol: string): number {
    return this.lists.get(symbol)?.items.length ?? 0
  }
}
