/**
 * Rows of the order-book table: the best `rows` levels of each side with a depth bar sized by the cumulative amount
 * up to that level, relative to the larger side's cumulative amount (so both columns share one scale). Bar widths
 * are display geometry only; printed prices and amounts come from the levels themselves.
 */
import type { Level } from '../../../common/feed/messages'

export interface BookRow {
  price: number
  amount: number
  /** Share of the bar, 0–1. */
  depth: number
}

/** The best `rows` bids and asks (as given: bids descending, asks ascending) with depth shares. */
export function bookRows(
  bids: readonly Level[],
  asks: readonly Level[],
  rows: number,
): { bids: BookRow[]; asks: BookRow[] } {
  const side = (levels: readonly Level[]) => {
    let cum = 0
    return levels.slice(0, rows).map(([price, amount]) => ({ price, amount, depth: (cum += amount) }))
  }
  const b = side(bids)
  const a = side(asks)
  const max = Math.max(b[b.length - 1]?.depth ?? 0, a[a.length - 1]?.depth ?? 0) || 1
  for (const r of b) r.depth /= max
  for (const r of a) r.depth /= max
  return { bids: b, asks: a }
}
