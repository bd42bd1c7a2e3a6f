/**
 * First-start data, safe to run on every start: default settings and the catalogue's currencies and markets are
 * inserted only where missing; the welcome announcement, the help articles and the about page only once (marked by
 * the `seed_version` setting), so an operator's later edits and deletions stay. A database already seeded with the
 * same data (the `seed_stamp` setting) costs one indexed read.
 */
import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { notifyChange } from '../cache/change-feed'
import { CATALOG } from '../market/catalog'
import type { MarkdownText } from '../content/help/index'
import type { Locale } from '../../common/constants'
import { addAnnouncement } from './announcements'
import type { Db } from './client'
import { coinLogo } from './markets'
import {
  announcementTranslations,
  currencies,
  helpArticles,
  helpTranslations,
  markets,
  pages,
  settings,
} from './schema'
import { SETTING_DEFAULTS } from './settings'
import { CHAIN_DEFAULTS, seedChains } from '../money/chains'
import { MICRO_DEFAULTS, seedMicroProducts } from '../trading/micro/products'
import { FINANCIAL_DEFAULTS, seedFinancialProducts } from '../trading/earn/seed-products'

const SEED_VERSION_KEY = 'seed_version'
/** Version of the written-once content (see seedOnce). */
const SEED_VERSION = 3

const SEED_STAMP_KEY = 'seed_stamp'
/**
 * Fingerprint of everything this module would write (the content version, default settings, the catalogue): when the
 * database carries it, a previous start wrote all of it already, and nothing is deleted by the app since.
 */
export const SEED_STAMP = createHash('sha1')
  .update(JSON.stringify([SEED_VERSION, SETTING_DEFAULTS, CATALOG, CHAIN_DEFAULTS, MICRO_DEFAULTS, FINANCIAL_DEFAULTS]))
  .digest('base64url')

/** Seeds what is missing. Idempotent; a no-op (one read) when the database carries the current SEED_STAMP. */
export async function seedDatabase(db: Db): Promise<void> {
  const [stamp] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SEED_STAMP_KEY))
  if (stamp?.value === SEED_STAMP) return
  const newSettings = await db
    .insert(settings)
    .values(Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing()
    .returning({ key: settings.key })
  // Other server processes on this database may have cached answers without these rows.
  if (newSettings.length > 0) await notifyChange(db, 'settings')
  const bases = new Map(CATALOG.map((e) => [e.base, e.currency_id]))
  await db
    .insert(currencies)
    .values([...bases].map(([code, id]) => ({ id, code, logo: coinLogo(code) })))
    .onConflictDoNothing()
  const newMarkets = await db
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
    .returning({ symbol: markets.symbol })
  if (newMarkets.length > 0) await notifyChange(db, 'markets')
  await seedChains(db)
  await seedMicroProducts(db)
  await seedFinancialProducts(db)
  await seedOnce(db)
  await db
    .insert(settings)
    .values({ key: SEED_STAMP_KEY, value: SEED_STAMP })
    .onConflictDoUpdate({ target: settings.key, set: { value: SEED_STAMP, updatedAt: sql`now()` } })
}

/**
 * Content written once per database, versioned by the `seed_version` setting: version 1 wrote the welcome
 * announcement, version 2 adds the help articles and the about page, version 3 replaces the welcome text's closing
 * "trading is coming soon" (issue 24 part 8) where an operator left it as written. A fresh database gets everything;
 * an older one gets only what the later versions added.
 */
async function seedOnce(db: Db): Promise<void> {
  // The texts (~100 kB of source in ten languages) are loaded only here, before the transaction: a start on an
  // already seeded database never gets this far and never compiles them.
  const [{ WELCOME_ANNOUNCEMENT, WELCOME_FIRST_CLOSING }, content] = await Promise.all([
    import('../content/welcome-announcement'),
    supportContent(),
  ])
  // Claiming the marker (insert, or the conditional update of an older version) and writing in one transaction keeps
  // two concurrent first starts (PostgreSQL) from both writing.
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(settings)
      .values({ key: SEED_VERSION_KEY, value: String(SEED_VERSION) })
      .onConflictDoNothing()
      .returning({ key: settings.key })
    if (claimed.length > 0) {
      await addAnnouncement(tx, { pinned: true, translations: WELCOME_ANNOUNCEMENT })
      await seedSupport(tx, content)
      return
    }
    // The version row, locked: a concurrent first start waits here and then finds the current version.
    const [row] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, SEED_VERSION_KEY))
      .for('update')
    const from = Number(row?.value)
    if (!(from < SEED_VERSION)) return
    await tx
      .update(settings)
      .set({ value: String(SEED_VERSION), updatedAt: sql`now()` })
      .where(eq(settings.key, SEED_VERSION_KEY))
    if (from < 2) await seedSupport(tx, content)
    if (from < 3) await updateWelcomeClosing(tx, WELCOME_FIRST_CLOSING)
  })
}

/**
 * Replaces each language's first closing sentence of the welcome announcement with the current one, in translations
 * that still end with it (an operator's rewrite is left alone).
 */
async function updateWelcomeClosing(
  tx: Db,
  closing: Readonly<Record<Locale, { was: string; now: string }>>,
): Promise<void> {
  for (const [locale, { was, now }] of Object.entries(closing) as [Locale, { was: string; now: string }][]) {
    await tx
      .update(announcementTranslations)
      .set({ content: sql`left(${announcementTranslations.content}, -${was.length}::int) || ${now}` })
      .where(
        and(
          eq(announcementTranslations.locale, locale),
          sql`right(${announcementTranslations.content}, ${was.length}::int) = ${was}`,
        ),
      )
  }
}

type SupportContent = Awaited<ReturnType<typeof supportContent>>

async function supportContent() {
  const [{ HELP_ARTICLES }, { ABOUT_PAGE }] = await Promise.all([
    import('../content/help/index'),
    import('../content/about-page'),
  ])
  return { HELP_ARTICLES, ABOUT_PAGE }
}

/** The help articles (in list order) and the about page, each in the ten languages. */
async function seedSupport(tx: Db, { HELP_ARTICLES, ABOUT_PAGE }: SupportContent): Promise<void> {
  for (const [i, article] of HELP_ARTICLES.entries()) {
    const [row] = await tx
      .insert(helpArticles)
      .values({ sort: (i + 1) * 10 })
      .returning({ id: helpArticles.id })
    await tx
      .insert(helpTranslations)
      .values(Object.entries(article).map(([locale, t]) => ({ articleId: row!.id, locale, ...t })))
  }
  const about = Object.entries(ABOUT_PAGE) as [Locale, MarkdownText][]
  await tx
    .insert(pages)
    .values(about.map(([locale, t]) => ({ slug: 'about', locale, ...t })))
    .onConflictDoNothing()
}
