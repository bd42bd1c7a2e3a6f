/**
 * The Assets tab's numbers (spec §2 Assets): the session's book per wallet and currency, valued in USDT at the
 * market feed's latest prices. The answer says where the prices came from (`htx` live, `replay` recorded, `sim`
 * synthetic) and when, so the app can badge values that are not live. Daily income (issue 12: "counts this income and
 * realized PnL") is today's income since 00:00 in the user's time zone, as ./daily-income.ts defines it (issue 24
 * part 4: what each wallet earned, transfers in and out left out).
 */
import { WALLETS, type Overview, type Wallet } from '../../common/api/assets'
import type { Book } from '../../common/api/user-info'
import { add, multiply, parseDecimal, round, sign, type DecimalString } from '../../common/amount'
import type { Db } from '../db/client'
import type { MarketService } from '../market/types'
import { bookBalances } from './balances'
import { canonicalTimeZone, dailyIncome, feedPrice } from './daily-income'
import { CHAIN_DEFAULTS } from './chains'

/** Decimals of USDT values on the Assets tab (cents, as exchanges show them). */
export const USDT_VALUE_SCALE = 2
/** The quote every value is expressed in. */
const USDT = 'USDT'

interface Quote {
  last: DecimalString
  at: number | undefined
}

/** The USDT quote of `currency` (1 for USDT), from the listing `<currency>/USDT` the source quotes. */
function quoteOf(market: MarketService, currency: string): Quote | undefined {
  if (currency === USDT) return { last: parseDecimal('1'), at: undefined }
  const listing = market.listings().find((l) => l.base === currency && l.quote === USDT)
  if (!listing) return undefined
  const tick = market.lastTicker(listing.symbol)
  const last = feedPrice(tick?.close)
  if (!last) return undefined
  return { last, at: market.lastTickerAt(listing.symbol) }
}

/** Currencies every spot wallet lists even at zero: the ones deposits go in. */
const SPOT_DEFAULTS = [...new Set(CHAIN_DEFAULTS.map((c) => c.currency))]

/** The overview of `userId`'s `book`, today's income since 00:00 in `tz` (IANA; default, or unknown: UTC). */
export async function assetsOverview(
  db: Db,
  market: MarketService,
  userId: number,
  book: Book,
  tz?: string,
): Promise<Overview> {
  // A zone this server's runtime does not know counts from 00:00 UTC here (assets/daily_income names the field).
  const today = await dailyIncome(db, market, userId, book, tz !== undefined && canonicalTimeZone(tz) ? tz : 'UTC')
  const rows = await bookBalances(db, userId, book)
  const zero = parseDecimal('0')
  const quotes = new Map<string, Quote | undefined>()
  const quote = (c: string) => {
    if (!quotes.has(c)) quotes.set(c, quoteOf(market, c))
    return quotes.get(c)
  }
  let total = zero
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
        if (q.at !== undefined && sign(amount) !== 0) pricedAt = Math.max(pricedAt ?? 0, q.at)
      }
      return { currency, available, frozen, amount, usdt_value: usdtValue }
    })
    total = add(total, walletTotal)
    return { wallet, total_usdt: round(walletTotal, USDT_VALUE_SCALE, 'half-even'), balances }
  })
  return {
    book,
    total_usdt: round(total, USDT_VALUE_SCALE, 'half-even'),
    daily_income_usdt: today.income_usdt,
    priced_at: pricedAt,
    price_source: market.source,
    wallets,
  }
}
