/**
 * Today's income (issue 24 part 4, common/api/income.ts): what each wallet of a user's book earned since 00:00 in the
 * user's time zone, in USDT at the current prices, and the parts it is the sum of.
 *
 * Definition (Binance's "Today's PnL": current value − value at 00:00 − net transfers in, each wallet on its own):
 *   income = Σ_c held_at_00:00(c) × (price_now(c) − price_00:00(c))        `holdings`
 *          + Σ over the ledger entries since 00:00 that are not transfers × price_now   (the other parts, by kind)
 *          + unrealized PnL now − unrealized PnL at 00:00                      `unrealized_pnl`
 * which equals value_now − value_00:00 − Σ transfers in × price_now (the ledger entries carry every change of a
 * balance). The entries' parts, by the ledger kind of their transaction: spot fills → `trading`, futures closes and
 * liquidations → `realized_pnl`, funding → `funding`, second contracts → `options`, yield credits → `yield`; what a
 * transaction paid to the platform's fee account, and a liquidation's clearance fee paid to the insurance fund →
 * `fees` (and added back to its kind's part). Not income: deposits,
 * their reversals, withdrawals (their fee included: it is part of what left), transfers between wallets and demo
 * top-ups. Freezing and unfreezing (an order's hold, a subscription's principal) nets to zero in the user's accounts.
 *
 * A coin moved in or out during the day (a deposit, a withdrawal, a transfer between wallets) counts in `holdings`
 * from the price when it moved: + amount × (price now − price then) for each such movement, so a wallet never gains
 * or loses the price change of a coin while it was elsewhere.
 *
 * Futures: the unrealized PnL at 00:00 is each position as it was then: its size less what fills added since, at the
 * average price of the fills before 00:00 (a part split off by a partial close keeps its own size and price).
 *
 * Prices: now, the last ticker of `<coin>/usdt` (overview.ts) and the futures marks (unrealized PnL); at 00:00 and
 * at a movement, the market's minute candles (MarketService.priceAt); for a position at 00:00 the last price then
 * (the mark is not kept; it follows the last price within a few hundredths of a percent). A coin or position without
 * a price is left out (both halves of its change) and the answer says `complete: false`.
 *
 * Time zone: the name is checked against the runtime's zone database and used in its canonical spelling; 00:00 is
 * the local date's midnight in that zone (correct on daylight-saving days).
 *
 * Rounding: a wallet's income is its exact sum rounded toward −∞ at 2 decimals (a gain not yet in hand is never shown
 * larger); its parts are rounded toward −∞ and the cents that leaves go to the parts with the largest remainders,
 * so the parts always add up to it (largest remainder method); the total is the sum of the wallets'.
 */
import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import { and, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm'
import {
  add,
  feedDecimal,
  compare,
  divide,
  multiply,
  negate,
  parseDecimal,
  round,
  sign,
  subtract,
  toUnits,
  type DecimalString,
} from '../../common/amount'
import { WALLETS, type Wallet } from '../../common/api/assets'
import { INCOME_PARTS, type DailyIncome, type IncomePart } from '../../common/api/income'
import type { Book } from '../../common/api/user-info'
import { pnlAt } from '../../common/trading/contract-math'
import { badField } from '../domain/errors'
import type { Db } from '../db/client'
import { contractFills, contractPositions, ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema'
import type { MarketService } from '../market/types'
import { marksFor } from '../trading/contract/marks'
import { feeWallet, partOf, TRANSFER_KINDS } from './income-kinds'

dayjs.extend(utc)
dayjs.extend(timezone)

const USDT = 'USDT'
const ZERO = parseDecimal('0')
type Parts = Record<IncomePart, DecimalString>
const noParts = (): Parts => Object.fromEntries(INCOME_PARTS.map((p) => [p, ZERO])) as Parts

/** The canonical spelling of IANA zone `tz` ("asia/tokyo" → "Asia/Tokyo"), or undefined when the runtime lacks it. */
export function canonicalTimeZone(tz: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/**
 * 00:00 today in `tz` (epoch ms) at `now`: the local date's midnight, also on a day whose offset changes.
 * @throws DomainError naming `tz` when the runtime's time-zone database does not know it.
 */
export function dayStartIn(tz: string, now: number): number {
  const zone = canonicalTimeZone(tz)
  if (!zone) throw badField('tz', 'timeZoneUnknown')
  return dayjs.tz(`${dayjs(now).tz(zone).format('YYYY-MM-DD')} 00:00`, zone).valueOf()
}

/**
 * `exact` parts shown to the cent so that they add up: the total rounded toward −∞, each part toward −∞, and the
 * cents left over given one each to the parts with the largest remainders.
 */
function shareRounded(exact: Parts): { total: DecimalString; parts: Parts } {
  let sum = ZERO
  for (const p of INCOME_PARTS) sum = add(sum, exact[p])
  const total = round(sum, 2, 'floor')
  const parts = noParts()
  let shown = ZERO
  for (const p of INCOME_PARTS) {
    parts[p] = round(exact[p], 2, 'floor')
    shown = add(shown, parts[p])
  }
  let left = Number(toUnits(subtract(total, shown), 2))
  const byRemainder = [...INCOME_PARTS].sort((a, b) =>
    compare(subtract(exact[b], parts[b]), subtract(exact[a], parts[a])),
  )
  for (const p of byRemainder) {
    if (left <= 0) break
    parts[p] = add(parts[p], parseDecimal('0.01'))
    left--
  }
  return { total, parts }
}

/**
 * Today's income of `userId`'s `book` since 00:00 in `tz` (IANA, default UTC), at `now` (epoch ms; tests pass it).
 * @throws DomainError naming `tz` for a zone the runtime does not know.
 */
export async function dailyIncome(
  db: Db,
  market: MarketService,
  userId: number,
  book: Book,
  tz = 'UTC',
  now = Date.now(),
): Promise<DailyIncome> {
  const since = dayStartIn(tz, now)
  const zone = canonicalTimeZone(tz)!
  const start = new Date(since)
  const read = await readDay(db, userId, book, start)

  const exact = new Map<Wallet, Parts>(WALLETS.map((w) => [w, noParts()]))
  const credit = (wallet: Wallet, part: IncomePart, amount: DecimalString) => {
    const p = exact.get(wallet)!
    p[part] = add(p[part], amount)
  }
  let complete = true
  const listing = (currency: string) => market.listings().find((l) => l.base === currency && l.quote === USDT)
  const nowPrices = new Map<string, DecimalString | undefined>()
  const priceNow = (currency: string): DecimalString | undefined => {
    if (currency === USDT) return parseDecimal('1')
    if (!nowPrices.has(currency))
      nowPrices.set(currency, feedPrice(market.lastTicker(listing(currency)?.symbol ?? '')?.close))
    return nowPrices.get(currency)
  }
  const priceThen = (currency: string, ms: number): DecimalString | undefined => {
    if (currency === USDT) return parseDecimal('1')
    const l = listing(currency)
    return l ? feedPrice(market.priceAt?.(l.symbol, ms)) : undefined
  }

  // Entries since 00:00: what moved each balance (for the holdings at 00:00), and the parts of income.
  const moved = new Map<string, DecimalString>()
  for (const e of read.entries) {
    const amount = parseDecimal(e.amount)
    const user = e.owner === `user:${userId}`
    if (user) moved.set(`${e.wallet}|${e.currency}`, add(moved.get(`${e.wallet}|${e.currency}`) ?? ZERO, amount))
    if (TRANSFER_KINDS.has(e.kind)) continue
    // What the user paid the platform: its fee account, and a liquidation's clearance fee to the insurance fund (the
    // fund's payments for a bankrupt account are negative entries, not fees).
    const fee =
      e.owner === 'system:fees' ? amount : e.owner === 'system:insurance' ? parseDecimal(e.positive ?? '0') : undefined
    if (!user && (fee === undefined || sign(fee) === 0)) continue
    const p = priceNow(e.currency)
    if (!p) {
      complete = false
      continue
    }
    if (user) credit(e.wallet, partOf(e.kind, e.wallet), multiply(amount, p))
    else {
      const wallet = feeWallet(e.kind)
      const value = multiply(fee!, p)
      credit(wallet, 'fees', negate(value))
      credit(wallet, partOf(e.kind, wallet), value)
    }
  }

  // Holdings at 00:00 and their price change since; a coin moved in or out since, from when it moved.
  for (const b of read.balances) {
    if (b.currency === USDT) continue
    const held = subtract(parseDecimal(b.total), moved.get(`${b.wallet}|${b.currency}`) ?? ZERO)
    if (sign(held) === 0) continue
    const pNow = priceNow(b.currency)
    const pThen = priceThen(b.currency, since)
    if (!pNow || !pThen) complete = false
    else credit(b.wallet, 'holdings', multiply(held, subtract(pNow, pThen)))
  }
  for (const f of read.coinFlows) {
    const pNow = priceNow(f.currency)
    const pThen = priceThen(f.currency, f.at.getTime())
    if (!pNow || !pThen) complete = false
    else credit(f.wallet, 'holdings', multiply(parseDecimal(f.amount), subtract(pNow, pThen)))
  }

  // Unrealized PnL now (open positions at the marks) less at 00:00 (positions as they were then, at the price then).
  const marks = marksFor(market)
  const fills = new Map(read.fills.map((f) => [f.positionId, f]))
  for (const p of read.positions) {
    const amount = parseDecimal(p.amount)
    const open = parseDecimal(p.openPrice)
    const then = p.openedAt.getTime() < since ? feedPrice(market.priceAt?.(p.symbol, since)) : undefined
    const mark =
      p.status === 'open' ? (marks.mark(p.symbol)?.price ?? feedPrice(market.lastTicker(p.symbol)?.close)) : undefined
    if ((p.openedAt.getTime() < since && !then) || (p.status === 'open' && !mark)) {
      complete = false // both halves left out: never the whole PnL since opening
      continue
    }
    if (mark) credit('contract', 'unrealized_pnl', pnlAt(p.side, amount, open, mark))
    if (!then) continue
    let sizeThen = amount
    let priceOpenThen = open
    const f = p.splitFrom === null ? fills.get(p.id) : undefined
    if (f) {
      sizeThen = subtract(amount, parseDecimal(f.grown ?? '0'))
      const before = parseDecimal(f.beforeAmount ?? '0')
      if (sign(before) > 0) priceOpenThen = divide(parseDecimal(f.beforeNotional ?? '0'), before, 12, 'half-even')
    }
    if (sign(sizeThen) > 0) credit('contract', 'unrealized_pnl', negate(pnlAt(p.side, sizeThen, priceOpenThen, then)))
  }

  const total = noParts()
  let income = ZERO
  const wallets = WALLETS.map((wallet) => {
    const shown = shareRounded(exact.get(wallet)!)
    for (const p of INCOME_PARTS) total[p] = add(total[p], shown.parts[p])
    income = add(income, shown.total)
    return { wallet, income_usdt: shown.total, parts: shown.parts }
  })
  return { since, time_zone: zone, income_usdt: income, parts: total, wallets, complete }
}

/** What the day's figures are read from, at one point of the ledger (a repeatable-read, read-only transaction). */
function readDay(db: Db, userId: number, book: Book, start: Date) {
  const mine = and(
    eq(ledgerTransactions.userId, userId),
    eq(ledgerTransactions.book, book),
    gte(ledgerTransactions.createdAt, start),
  )
  return db.transaction(
    async (tx) => {
      const balances = await tx
        .select({
          wallet: ledgerAccounts.wallet,
          currency: ledgerAccounts.currency,
          total: sql<string>`(${ledgerAccounts.available} + ${ledgerAccounts.frozen})::text`,
        })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.book, book)))
      const entries = await tx
        .select({
          kind: ledgerTransactions.kind,
          owner: ledgerAccounts.owner,
          wallet: ledgerAccounts.wallet,
          currency: ledgerAccounts.currency,
          amount: sql<string>`sum(${ledgerEntries.amount})::text`,
          positive: sql<string | null>`(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0))::text`,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(
          and(
            mine,
            or(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.owner, ['system:fees', 'system:insurance'])),
          ),
        )
        .groupBy(ledgerTransactions.kind, ledgerAccounts.owner, ledgerAccounts.wallet, ledgerAccounts.currency)
      // Coins (not USDT) moved in or out since 00:00, each movement with its time.
      const coinFlows = await tx
        .select({
          at: ledgerTransactions.createdAt,
          wallet: ledgerAccounts.wallet,
          currency: ledgerAccounts.currency,
          amount: sql<string>`sum(${ledgerEntries.amount})::text`,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(
          and(
            mine,
            inArray(ledgerTransactions.kind, [...TRANSFER_KINDS]),
            eq(ledgerAccounts.userId, userId),
            ne(ledgerAccounts.currency, USDT),
          ),
        )
        .groupBy(ledgerTransactions.id, ledgerTransactions.createdAt, ledgerAccounts.wallet, ledgerAccounts.currency)
      // Open now, or open at 00:00 (opened before it and closed since).
      const positions = await tx
        .select({
          id: contractPositions.id,
          symbol: contractPositions.symbol,
          side: contractPositions.side,
          amount: contractPositions.amount,
          openPrice: contractPositions.openPrice,
          status: contractPositions.status,
          openedAt: contractPositions.openedAt,
          splitFrom: contractPositions.splitFrom,
        })
        .from(contractPositions)
        .where(
          and(
            eq(contractPositions.userId, userId),
            eq(contractPositions.book, book),
            or(
              eq(contractPositions.status, 'open'),
              and(
                inArray(contractPositions.status, ['closed', 'liquidated']),
                lt(contractPositions.openedAt, start),
                gte(contractPositions.closedAt, start),
              ),
            ),
          ),
        )
      // How the positions open at 00:00 grew since (fills add to a position's size and average its price).
      const startAt = sql`${start.toISOString()}::timestamptz`
      const atStart = positions.filter((p) => p.openedAt < start && p.splitFrom === null).map((p) => p.id)
      const fills =
        atStart.length === 0
          ? []
          : await tx
              .select({
                positionId: contractFills.positionId,
                grown: sql<
                  string | null
                >`(sum(${contractFills.amount}) filter (where ${contractFills.createdAt} >= ${startAt}))::text`,
                beforeAmount: sql<
                  string | null
                >`(sum(${contractFills.amount}) filter (where ${contractFills.createdAt} < ${startAt}))::text`,
                beforeNotional: sql<
                  string | null
                >`round(sum(${contractFills.amount} * ${contractFills.price}) filter (where ${contractFills.createdAt} < ${startAt}), 18)::text`,
              })
              .from(contractFills)
              .where(inArray(contractFills.positionId, atStart))
              .groupBy(contractFills.positionId)
      return { balances, entries, coinFlows, positions, fills }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

/** A feed price (a JS number, or none) as exact text; undefined unless usable (common/amount feedDecimal). */
export const feedPrice = (n: number | undefined): DecimalString | undefined =>
  n === undefined ? undefined : feedDecimal(n)
