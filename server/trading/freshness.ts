/**
 * How old a feed price may be and still move money (issue 21 part 3): market orders, second-contract placement,
 * TP/SL changes, limit fills, the mark price, triggers and liquidation all refuse (or pause on) a price older than
 * its market's limit. The limit is per market (`price_max_age_ms` of the market's trading terms, set by
 * `POST admin/market_trade_config` or `npm run admin -- markets trade-config <symbol> --price-max-age-ms N`), 2 s by
 * default: a live HTX feed pushes a book every ~100 ms and trades as they print, so 2 s without a price means the
 * feed, not the market, has stopped.
 *
 * The limit is read from the market's terms row (`market_trade_config`, as spot/config.ts `tradeTerms` answers it as
 * `priceMaxAgeMs`) and kept in memory for PRICE_MAX_AGE_CACHE_MS per
 * database handle, so a hot path (every mark of the risk engine) does not query for it; saving the terms drops this
 * process's copies at once, another process sees the change within PRICE_MAX_AGE_CACHE_MS.
 */
import { eq } from 'drizzle-orm'
import { dbMemo } from '../cache/db-memo'
import type { Db } from '../db/client'
import { marketTradeConfig } from '../db/schema'

/** The default maximum age of a price that moves money, ms. */
export const DEFAULT_PRICE_MAX_AGE_MS = 2_000

/** How long a market's limit is kept in memory before it is read again, ms. */
export const PRICE_MAX_AGE_CACHE_MS = 1_000

const limits = dbMemo(PRICE_MAX_AGE_CACHE_MS, async (db, symbol) => {
  const [row] = await db
    .select({ ms: marketTradeConfig.priceMaxAgeMs })
    .from(marketTradeConfig)
    .where(eq(marketTradeConfig.symbol, symbol))
  return row?.ms ?? DEFAULT_PRICE_MAX_AGE_MS
})

/**
 * The maximum price age of `symbol`, ms (the market's configured value, else DEFAULT_PRICE_MAX_AGE_MS; the default
 * too for a symbol that is not listed).
 * @param db the database (read through the market's terms, cached for PRICE_MAX_AGE_CACHE_MS)
 */
export function priceMaxAgeMs(db: Db, symbol: string): Promise<number> {
  return limits.get(db, symbol)
}

/** Drops this process's cached limits (called when a market's terms are saved). */
export function forgetPriceMaxAges(): void {
  limits.forget()
}

/** True when a price of feed time `ts` (ms) is at most `maxAgeMs` old at `now` (a future `ts` counts as fresh). */
export function isFresh(ts: number, now: Date | number, maxAgeMs: number): boolean {
  const at = typeof now === 'number' ? now : now.getTime()
  return at - ts <= maxAgeMs
}
