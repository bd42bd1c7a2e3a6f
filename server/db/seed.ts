/**
 * First-start data, safe to run on every start: default settings and the catalogue's currencies and markets are
 * inserted only where missing; the welcome announcement only once (marked by the `seed_version` setting), so an
 * operator's later edits and deletions stay.
 */
import { CATALOG } from '../market/catalog'
import { WELCOME_ANNOUNCEMENT } from '../content/welcome-announcement'
import { addAnnouncement } from './announcements'
import type { Db } from './client'
import { coinLogo } from './markets'
import { currencies, markets, settings } from './schema'
import { SETTING_DEFAULTS } from './settings'

const SEED_VERSION_KEY = 'seed_version'

/** Seeds what is missing. Idempotent. */
export async function seedDatabase(db: Db): Promise<void> {
  await db
    .insert(settings)
    .values(Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing()
  const bases = new Map(CATALOG.map((e) => [e.base, e.currency_id]))
  await db
    .insert(currencies)
    .values([...bases].map(([code, id]) => ({ id, code, logo: coinLogo(code) })))
    .onConflictDoNothing()
  await db
    .insert(markets)
    .values(
      CATALOG.map((e, i) => ({
        symbol: e.symbol,
        category: e.category,
        base: e.base,
        quote: e.quote,
        currencyId: e.currency_id,
        matchesId: e.matches_id,
        pricePrecision: e.price_precision,
        amountPrecision: e.amount_precision,
        tradableSpot: e.tradable.spot,
        tradableContract: e.tradable.contract,
        tradableOption: e.tradable.option,
        popular: e.popular,
        sort: i + 1,
        logo: coinLogo(e.base),
      })),
    )
    .onConflictDoNothing()
  await seedOnce(db)
}

async function seedOnce(db: Db): Promise<void> {
  // Claiming the marker and writing the announcement in one transaction keeps two concurrent first starts
  // (PostgreSQL) from both writing it.
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(settings)
      .values({ key: SEED_VERSION_KEY, value: '1' })
      .onConflictDoNothing()
      .returning({ key: settings.key })
    if (claimed.length > 0) await addAnnouncement(tx, { pinned: true, translations: WELCOME_ANNOUNCEMENT })
  })
}
