/** Listed markets: rows of `currency/currency_list`, and adding what a market source quotes but the table lacks. */
import { and, asc, eq, inArray, max, type SQL } from 'drizzle-orm'
import type { MarketCategory, MarketItem, Tradable } from '../../common/market'
import type { SourceListing } from '../market/types'
import { notifyChange } from '../cache/change-feed'
import type { Db } from './client'
import { currencies, markets } from './schema'

export type MarketRow = typeof markets.$inferSelect

/** Where a market of each category can be traded unless the catalogue says otherwise (as in server/market/catalog.ts). */
export const DEFAULT_TRADABLE: Readonly<Record<MarketCategory, Tradable>> = {
  spot: { spot: true, contract: true, option: true },
  futures: { spot: false, contract: true, option: true },
  forex: { spot: false, contract: true, option: true },
}

/** Logo path of a base currency, served from public/coins/. */
export function coinLogo(base: string): string {
  return `/coins/${base.toLowerCase()}.svg`
}

/** Markets in `sort` order, optionally only one category and/or only the given symbols. */
export async function listMarkets(
  db: Db,
  filter: { category?: MarketCategory | undefined; symbols?: string[] } = {},
): Promise<MarketRow[]> {
  if (filter.symbols && filter.symbols.length === 0) return []
  const conds: SQL[] = []
  if (filter.category) conds.push(eq(markets.category, filter.category))
  if (filter.symbols) conds.push(inArray(markets.symbol, filter.symbols))
  return db
    .select()
    .from(markets)
    .where(and(...conds))
    .orderBy(asc(markets.sort), asc(markets.id))
}

/** A table row as the wire item of spec §3 (`extends` = feed symbol, currency_name/legal_name = base/quote). */
export function toMarketItem(row: MarketRow): MarketItem {
  return {
    currency_id: row.currencyId,
    currency_name: row.base,
    legal_name: row.quote,
    logo: row.logo,
    matches_id: row.matchesId,
    market_from: row.marketFrom,
    symbol: row.symbol,
    extends: row.symbol,
    category: row.category,
    price_precision: row.pricePrecision,
    amount_precision: row.amountPrecision,
    tradable: { spot: row.tradableSpot, contract: row.tradableContract, option: row.tradableOption },
    popular: row.popular,
    sort: row.sort,
  }
}

/**
 * Adds every listing whose symbol the table lacks (e.g. a replayed file's symbol), with the listing's category and
 * precision, the next free matches_id and sort, and the base currency's id (a new currency gets the next free id).
 * Existing rows are left as the operator set them. Returns the symbols added. When it adds any, every server process
 * on the database drops its cached market list on commit (the `markets` change notice).
 */
export async function addMissingListings(db: Db, listings: readonly SourceListing[]): Promise<string[]> {
  if (listings.length === 0) return []
  return db.transaction(async (tx) => {
    const known = await tx
      .select({ symbol: markets.symbol })
      .from(markets)
      .where(
        inArray(
          markets.symbol,
          listings.map((l) => l.symbol),
        ),
      )
    const have = new Set(known.map((k) => k.symbol))
    const missing = listings.filter(
      (l, i) => !have.has(l.symbol) && listings.findIndex((o) => o.symbol === l.symbol) === i,
    )
    if (missing.length === 0) return []
    const [top] = await tx.select({ matches: max(markets.matchesId), sort: max(markets.sort) }).from(markets)
    let nextMatches = (top?.matches ?? 0) + 1
    let nextSort = (top?.sort ?? 0) + 1
    for (const l of missing) {
      const currencyId = await currencyIdFor(tx, l.base)
      const t = DEFAULT_TRADABLE[l.category]
      await tx.insert(markets).values({
        symbol: l.symbol,
        category: l.category,
        base: l.base,
        quote: l.quote,
        currencyId,
        matchesId: nextMatches++,
        pricePrecision: l.price_precision,
        amountPrecision: l.amount_precision,
        tradableSpot: t.spot,
        tradableContract: t.contract,
        tradableOption: t.option,
        sort: nextSort++,
        logo: coinLogo(l.base),
      })
    }
    await notifyChange(tx, 'markets')
    return missing.map((l) => l.symbol)
  })
}

/** Id of the currency `code`, created with the next free id when new. */
export async function currencyIdFor(db: Db, code: string): Promise<number> {
  const [found] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, code))
  if (found) return found.id
  const [top] = await db.select({ id: max(currencies.id) }).from(currencies)
  const id = (top?.id ?? 0) + 1
  await db.insert(currencies).values({ id, code, logo: coinLogo(code) })
  return id
}
