/**
 * The Assets tab's numbers (spec §2 Assets): the session's book per wallet and currency, valued in USDT at the
 * market feed's latest prices. The answer says where the prices came from (`htx` live, `replay` recorded, `sim`
 * synthetic) and when, so the app can badge values that are not live. Daily income (issue 12: "counts this income and
 * realized PnL") is, over the last 24 hours: the price change of what is held, Σ amount × (last − open of the rolling
 * 24 h ticker) (USDT itself has none); plus the financial products' income credited; plus the realized PnL of the
 * futures positions closed — each valued in USDT at the latest price.
 */
import { WALLETS, type Overview, type Wallet } from '../../common/api/assets'
import type { Book } from '../../common/api/user-info'
import { add, multiply, parseDecimal, round, sign, subtract, type DecimalString } from '../../common/amount'
import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import { contractPositions, ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema'
import type { Db } from '../db/client'
import type { MarketService } from '../market/types'
import { bookBalances } from './balances'
import { CHAIN_DEFAULTS } from './chains'

/** Decimals of USDT values on the Assets tab (cents, as exchanges show them). */
export const USDT_VALUE_SCALE = 2
/** The quote every value is expressed in. */
const USDT = 'USDT'

/** A feed price (a JS number from the wire) as exact text; undefined when it is not a finite positive number. */
function priceText(n: number | undefined): DecimalString | undefined {
  if (n === undefined || !Number.isFinite(n) || n <= 0) return undefined
  // 12 decimals keep every price the feed quotes (at most 10 places); parseDecimal drops the trailing zeros.
  return parseDecimal(n.toFixed(12))
}

interface Quote {
  last: DecimalString
  open: DecimalString | undefined
  at: number | undefined
}

/** The USDT quote of `currency` (1 for USDT), from the listing `<currency>/USDT` the source quotes. */
function quoteOf(market: MarketService, currency: string): Quote | undefined {
  if (currency === USDT) return { last: parseDecimal('1'), open: parseDecimal('1'), at: undefined }
  const listing = market.listings().find((l) => l.base === currency && l.quote === USDT)
  if (!listing) return undefined
  const tick = market.lastTicker(listing.symbol)
  const last = priceText(tick?.close)
  if (!last) return undefined
  return { last, open: priceText(tick?.open), at: market.lastTickerAt(listing.symbol) }
}

/** Currencies every spot wallet lists even at zero: the ones deposits go in. */
const SPOT_DEFAULTS = [...new Set(CHAIN_DEFAULTS.map((c) => c.currency))]

/** The overview of `userId`'s `book`. */
export async function assetsOverview(db: Db, market: MarketService, userId: number, book: Book): Promise<Overview> {
  const rows = await bookBalances(db, userId, book)
  const zero = parseDecimal('0')
  const quotes = new Map<string, Quote | undefined>()
  const quote = (c: string) => {
    if (!quotes.has(c)) quotes.set(c, quoteOf(market, c))
    return quotes.get(c)
  }
  let total = zero
  let income = zero
  let pricedAt: number | null = null
  const wallets = WALLETS.map((wallet: Wallet) => {
    const mine = rows.filter((r) => r.wallet === wallet)
    const currencies = new Set([USDT, ...(wallet === 'spot' ? SPOT_DEFAULTS : []), ...mine.map((r) => r.currency)])
    let walletTotal = zero
    const balances = [...currencies].map((currency) => {
      const r = mine.find((m) => m.currency === currency)
      const available = r?.available ?? zero
      const frozen = r?.frozen ?? zero
      const amount = add(available, frozen)
      const q = quote(currency)
      let usdtValue: DecimalString | null = null
      if (q) {
        usdtValue = round(multiply(amount, q.last), USDT_VALUE_SCALE, 'half-even')
        walletTotal = add(walletTotal, multiply(amount, q.last))
        if (q.open && sign(amount) !== 0) income = add(income, multiply(amount, subtract(q.last, q.open)))
        if (q.at !== undefined && sign(amount) !== 0) pricedAt = Math.max(pricedAt ?? 0, q.at)
      }
      return { currency, available, frozen, amount, usdt_value: usdtValue }
    })
    total = add(total, walletTotal)
    return { wallet, total_usdt: round(walletTotal, USDT_VALUE_SCALE, 'half-even'), balances }
  })
  for (const [currency, earned] of await realizedLastDay(db, userId, book)) {
    const q = quote(currency)
    if (q) income = add(income, multiply(earned, q.last))
  }
  return {
    book,
    total_usdt: round(total, USDT_VALUE_SCALE, 'half-even'),
    daily_income_usdt: round(income, USDT_VALUE_SCALE, 'half-even'),
    priced_at: pricedAt,
    price_source: market.source,
    wallets,
  }
}

/** A day, ms: the window of the Assets tab's daily income. */
const DAY_MS = 86_400_000

/**
 * What the book earned in the last 24 hours by currency: financial income credited (ledger kind `financial_income`,
 * the user's side) plus the realized PnL of futures positions closed (their `realized_pnl`, before fees).
 */
async function realizedLastDay(db: Db, userId: number, book: Book): Promise<Map<string, DecimalString>> {
  const since = new Date(Date.now() - DAY_MS)
  const earned = new Map<string, DecimalString>()
  const credit = (currency: string, amount: string | null) => {
    if (amount !== null) earned.set(currency, add(earned.get(currency) ?? parseDecimal('0'), parseDecimal(amount)))
  }
  const income = await db
    .select({ currency: ledgerAccounts.currency, amount: sql<string>`sum(${ledgerEntries.amount})::text` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerTransactions.userId, userId),
        eq(ledgerTransactions.book, book),
        eq(ledgerTransactions.kind, 'financial_income'),
        gte(ledgerTransactions.createdAt, since),
        eq(ledgerAccounts.userId, userId),
      ),
    )
    .groupBy(ledgerAccounts.currency)
  for (const r of income) credit(r.currency, r.amount)
  const closed = await db
    .select({ currency: contractPositions.currency, amount: sql<string>`sum(${contractPositions.realizedPnl})::text` })
    .from(contractPositions)
    .where(
      and(
        eq(contractPositions.userId, userId),
        eq(contractPositions.book, book),
        inArray(contractPositions.status, ['closed', 'liquidated']),
        gte(contractPositions.closedAt, since),
      ),
    )
    .groupBy(contractPositions.currency)
  for (const r of closed) credit(r.currency, r.amount)
  return earned
}
