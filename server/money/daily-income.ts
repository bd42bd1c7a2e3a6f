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
 * transaction paid to the platform's fee account → `fees` (and added back to its kind's part). Not income: deposits,
 * their reversals, withdrawals (their fee included: it is part of what left), transfers between wallets and demo
 * top-ups. Freezing and unfreezing (an order's hold, a subscription's principal) nets to zero in the user's accounts.
 *
 * Prices: now, the last ticker of `<coin>/usdt` (overview.ts) and the futures marks (unrealized PnL); at 00:00, the
 * market's minute candles (MarketService.priceAt), and for an open position at 00:00 the last price then (the mark
 * is not kept; it follows the last price within a few hundredths of a percent). A coin without either price is left
 * out of `holdings` and the answer says `complete: false`.
 *
 * Rounding: each part of each wallet toward −∞ at 2 decimals (a gain not yet in hand is never shown larger); a
 * wallet's income is the sum of its rounded parts and the total the sum of the wallets', so the detail always adds up.
 */
import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import { and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm'
import { add, multiply, parseDecimal, round, sign, subtract, type DecimalString } from '../../common/amount'
import { WALLETS, type LedgerKind, type Wallet } from '../../common/api/assets'
import { INCOME_PARTS, type DailyIncome, type IncomePart } from '../../common/api/income'
import type { Book } from '../../common/api/user-info'
import { pnlAt } from '../../common/trading/contract-math'
import { badField } from '../domain/errors'
import type { Db } from '../db/client'
import { contractPositions, ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema'
import type { MarketService } from '../market/types'
import { marksFor } from '../trading/contract/marks'

dayjs.extend(utc)
dayjs.extend(timezone)

/** Kinds that move money in or out of a wallet: not income. */
const TRANSFER_KINDS: ReadonlySet<LedgerKind> = new Set<LedgerKind>([
  'deposit',
  'deposit_reverse',
  'withdraw_request',
  'withdraw_approve',
  'withdraw_reject',
  'withdraw_fail',
  'transfer',
  'demo_fund',
  'demo_adjust',
])

/** The part each other kind's entries go to (holds and releases net to zero; a fee they carry goes to `fees`). */
function partOf(kind: LedgerKind, wallet: Wallet): IncomePart {
  switch (kind) {
    case 'spot_fill':
      return 'trading'
    case 'contract_close':
    case 'contract_liquidation':
      return 'realized_pnl'
    case 'contract_funding':
      return 'funding'
    case 'micro_order':
    case 'micro_settle':
      return 'options'
    case 'financial_income':
      return 'yield'
    default:
      return wallet === 'contract' ? 'realized_pnl' : wallet === 'option' ? 'options' : 'trading'
  }
}

/** The wallet whose activity a kind's fee belongs to. */
function feeWallet(kind: LedgerKind): Wallet {
  if (kind.startsWith('contract_')) return 'contract'
  if (kind.startsWith('micro_')) return 'option'
  return 'spot'
}

const USDT = 'USDT'
const ZERO = parseDecimal('0')

/** A feed price (a JS number) as exact text; undefined unless finite and positive. */
function priceText(n: number | undefined): DecimalString | undefined {
  if (n === undefined || !Number.isFinite(n) || n <= 0) return undefined
  return parseDecimal(n.toFixed(12))
}

/**
 * 00:00 today in `tz` (epoch ms) at `now`. @throws DomainError naming `tz` when the time-zone database does not know
 * it.
 */
export function dayStartIn(tz: string, now: number): number {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz })
  } catch {
    throw badField('tz', 'timeZoneUnknown')
  }
  return dayjs(now).tz(tz).startOf('day').valueOf()
}

/**
 * Today's income of `userId`'s `book` since 00:00 in `tz` (default UTC), at `now` (epoch ms; tests pass it).
 * @throws DomainError naming `tz` for an unknown time zone.
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
  const start = new Date(since)
  // One snapshot: the balances and the entries since 00:00 are read at the same point of the ledger.
  const { balances, entries, positions } = await db.transaction(
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
          fee: sql<boolean>`${ledgerAccounts.owner} = 'system:fees'`,
          wallet: ledgerAccounts.wallet,
          currency: ledgerAccounts.currency,
          amount: sql<string>`sum(${ledgerEntries.amount})::text`,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(
          and(
            eq(ledgerTransactions.userId, userId),
            eq(ledgerTransactions.book, book),
            gte(ledgerTransactions.createdAt, start),
            or(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.owner, 'system:fees')),
          ),
        )
        .groupBy(ledgerTransactions.kind, ledgerAccounts.owner, ledgerAccounts.wallet, ledgerAccounts.currency)
      // Open now, or open at 00:00 (opened before it and not closed before it).
      const positions = await tx
        .select({
          symbol: contractPositions.symbol,
          side: contractPositions.side,
          amount: contractPositions.amount,
          openPrice: contractPositions.openPrice,
          status: contractPositions.status,
          openedAt: contractPositions.openedAt,
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
      return { balances, entries, positions }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )

  const parts = new Map<Wallet, Record<IncomePart, DecimalString>>(
    WALLETS.map((w) => [
      w,
      Object.fromEntries(INCOME_PARTS.map((p) => [p, ZERO])) as Record<IncomePart, DecimalString>,
    ]),
  )
  const credit = (wallet: Wallet, part: IncomePart, amount: DecimalString) => {
    const p = parts.get(wallet)!
    p[part] = add(p[part], amount)
  }
  let complete = true
  const nowPrices = new Map<string, DecimalString | undefined>()
  const priceNow = (currency: string): DecimalString | undefined => {
    if (currency === USDT) return parseDecimal('1')
    if (!nowPrices.has(currency)) {
      const listing = market.listings().find((l) => l.base === currency && l.quote === USDT)
      nowPrices.set(currency, listing ? priceText(market.lastTicker(listing.symbol)?.close) : undefined)
    }
    return nowPrices.get(currency)
  }
  const priceThen = (symbol: string) => priceText(market.priceAt?.(symbol, since))

  // Entries since 00:00: what moved each balance (for the holdings at 00:00), and the parts of income.
  const moved = new Map<string, DecimalString>()
  for (const e of entries) {
    const amount = parseDecimal(e.amount)
    if (!e.fee) {
      const key = `${e.wallet}|${e.currency}`
      moved.set(key, add(moved.get(key) ?? ZERO, amount))
    }
    if (TRANSFER_KINDS.has(e.kind)) continue
    const p = priceNow(e.currency)
    if (!p) {
      if (sign(amount) !== 0) complete = false
      continue
    }
    const value = multiply(amount, p)
    if (e.fee) {
      // Paid to the platform: a fee of the kind's wallet, added back to the part it was taken from.
      const wallet = feeWallet(e.kind)
      credit(wallet, 'fees', multiply(value, parseDecimal('-1')))
      credit(wallet, partOf(e.kind, wallet), value)
    } else {
      credit(e.wallet, partOf(e.kind, e.wallet), value)
    }
  }

  // Holdings at 00:00 and their price change since.
  for (const b of balances) {
    if (b.currency === USDT) continue
    const held = subtract(parseDecimal(b.total), moved.get(`${b.wallet}|${b.currency}`) ?? ZERO)
    if (sign(held) === 0) continue
    const listing = market.listings().find((l) => l.base === b.currency && l.quote === USDT)
    const pNow = priceNow(b.currency)
    const pThen = listing ? priceThen(listing.symbol) : undefined
    if (!pNow || !pThen) {
      complete = false
      continue
    }
    credit(b.wallet, 'holdings', multiply(held, subtract(pNow, pThen)))
  }

  // Unrealized PnL now (open positions at the marks) less at 00:00 (positions open then, at the price then).
  const marks = marksFor(market)
  for (const p of positions) {
    const amount = parseDecimal(p.amount)
    const open = parseDecimal(p.openPrice)
    if (p.status === 'open') {
      const mark = marks.mark(p.symbol)?.price ?? priceText(market.lastTicker(p.symbol)?.close)
      if (mark) credit('contract', 'unrealized_pnl', pnlAt(p.side, amount, open, mark))
      else complete = false
    }
    if (p.openedAt.getTime() < since) {
      const then = priceThen(p.symbol)
      if (then) credit('contract', 'unrealized_pnl', multiply(pnlAt(p.side, amount, open, then), parseDecimal('-1')))
      else complete = false
    }
  }

  const total = Object.fromEntries(INCOME_PARTS.map((p) => [p, ZERO])) as Record<IncomePart, DecimalString>
  let income = ZERO
  const wallets = WALLETS.map((wallet) => {
    const rounded = Object.fromEntries(
      INCOME_PARTS.map((p) => [p, round(parts.get(wallet)![p], 2, 'floor')]),
    ) as Record<IncomePart, DecimalString>
    let walletIncome = ZERO
    for (const p of INCOME_PARTS) {
      walletIncome = add(walletIncome, rounded[p])
      total[p] = add(total[p], rounded[p])
    }
    income = add(income, walletIncome)
    return { wallet, income_usdt: walletIncome, parts: rounded }
  })
  return { since, time_zone: tz, income_usdt: income, parts: total, wallets, complete }
}
