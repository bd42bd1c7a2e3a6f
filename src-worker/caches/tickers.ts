/** Latest ticker per symbol. Live ticks older than the one held (by feed `ts`) are discarded (reliability.md W7). */
import type { SnapshotOrigin, TickerSnapshot } from '../../common/engine-api'
import type { TickerTick } from '../../common/feed/messages'

export class TickerCache {
  private readonly bySymbol = new Map<string, TickerSnapshot>()
  /** Feed time of the newest live tick per symbol since the last (re)connect. */
  private readonly newest = new Map<string, number>()

  /**
   * Applies a live tick. `ts` = feed time (ms), `receivedAt` = worker time (ms).
   * @returns false when the tick was older than the one held (dropped).
   */
  apply(symbol: string, tick: TickerTick, ts: number, receivedAt: number): boolean {
    if (ts < (this.newest.get(symbol) ?? -Infinity)) return false
    this.newest.set(symbol, ts)
    this.bySymbol.set(symbol, toSnapshot(symbol, tick, ts, receivedAt, 'live'))
    return true
  }

  /** Puts a restored snapshot in place unless live data is already held. */
  restore(snap: TickerSnapshot): boolean {
    if (this.bySymbol.get(snap.symbol)?.origin === 'live') return false
    this.bySymbol.set(snap.symbol, { ...snap, origin: 'cache' })
    return true
  }

  /** Forgets ordering across a reconnect (a restarted server may restart its clock). */
  allowAnyNext(): void {
    this.newest.clear()
  }

  get(symbol: string): TickerSnapshot | undefined {
    return this.bySymbol.get(symbol)
  }

  all(): TickerSnapshot[] {
    return [...this.bySymbol.values()]
  }

  get size(): number {
    return this.bySymbol.size
  }
}

/** Copies exactly the TickerTick fields so nothing unexpected crosses to the UI. */
export function toSnapshot(
  symbol: string,
  t: TickerTick,
  ts: number,
  receivedAt: number,
  origin: SnapshotOrigin,
): TickerSnapshot {
  return {
    symbol,
    ts,
    receivedAt,
    origin,
    open: t.open,
    high: t.high,
    low: t.low,
    close: t.close,
    amount: t.amount,
    vol: t.vol,
    count: t.count,
    bid: t.bid,
    bidSize: t.bidSize,
    ask: t.ask,
    askSize: t.askSize,
    lastPrice: t.lastPrice,
    lastSize: t.lastSize,
  }
}
