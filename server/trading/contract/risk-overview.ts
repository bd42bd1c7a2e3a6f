/**
 * The operator's risk view (issue 21 part 11; `GET admin/risk_overview`, `npm run admin -- risk`): what the platform
 * carries as the counterparty of every futures position of the live book, at the marks given.
 * - per market: long and short open interest (base, and notional at the mark); the platform's net position, the
 *   opposite of users' net (Σ short − Σ long), and its exposure in the quote currency (× mark) beside its cap; users'
 *   unrealized PnL, which is the platform's unrealized loss;
 * - the insurance fund's balance;
 * - the 10 accounts closest to liquidation by margin ratio = maintenance margin / equity (Binance's "margin ratio":
 *   liquidation at 100 %); an account with equity ≤ 0 comes first, its ratio null;
 * - funding the platform received and paid: entries of ledger kind `contract_funding` on the `counterparty` account
 *   (0 until funding is booked).
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  add,
  compare,
  currencyScale,
  divide,
  multiply,
  parseDecimal,
  round,
  sign,
  subtract,
  type DecimalString,
} from '../../../common/amount'
import type { RiskOverview } from '../../../common/api/contract'
import { accountFigures, pnlAt } from '../../../common/trading/contract-math'
import type { Db } from '../../db/client'
import { contractPositions, ledgerAccounts, markets } from '../../db/schema'
import type { PositionRow } from './account'
import { contractTerms, MARGIN_CURRENCY } from './config'
import { insuranceFund } from './insurance'
import { figuresOf } from './views'

/** Accounts listed as closest to liquidation. */
export const CLOSEST_ACCOUNTS = 10
/** The ledger kind of funding payments (issue 21 part 6), read by name: it may not be booked yet. */
export const FUNDING_KIND = 'contract_funding'

const ZERO = parseDecimal('0')
const SCALE = currencyScale(MARGIN_CURRENCY)
const money = (v: DecimalString) => round(v, SCALE, 'half-even')

/**
 * The risk view of the live book (markets tradable on contract in the margin currency, and any holding positions)
 * with each symbol valued at `markOf(symbol)` (undefined: no mark; its notionals and
 * PnL are then 0 and its positions count at their opening price in the accounts' figures).
 */
export async function riskOverview(
  db: Db,
  markOf: (symbol: string) => DecimalString | undefined,
): Promise<RiskOverview> {
  const rows = await db
    .select()
    .from(contractPositions)
    .where(and(eq(contractPositions.book, 'live'), eq(contractPositions.status, 'open')))
  const listed = await db
    .select({ symbol: markets.symbol })
    .from(markets)
    .where(and(eq(markets.tradableContract, true), eq(markets.quote, MARGIN_CURRENCY)))
  const symbols = [...new Set([...listed.map((m) => m.symbol), ...rows.map((r) => r.symbol)])].sort()
  const perMarket = await Promise.all(symbols.map((s) => marketFigures(db, s, rows, markOf(s))))
  const insurance = await insuranceFund(db, MARGIN_CURRENCY)
  const funding = await fundingTotals(db)
  return {
    currency: MARGIN_CURRENCY,
    markets: perMarket,
    platform_net_exposure: perMarket.reduce((a, m) => add(a, m.platform_net_exposure), ZERO),
    users_unrealized_pnl: perMarket.reduce((a, m) => add(a, m.users_unrealized_pnl), ZERO),
    insurance_balance: insurance.balance,
    closest_to_liquidation: await closestAccounts(db, rows, markOf),
    funding_received: funding.received,
    funding_paid: funding.paid,
  }
}

async function marketFigures(db: Db, symbol: string, rows: PositionRow[], mark: DecimalString | undefined) {
  let long = ZERO
  let short = ZERO
  let pnl = ZERO
  for (const p of rows) {
    if (p.symbol !== symbol) continue
    const amount = parseDecimal(p.amount)
    if (p.side === 'long') long = add(long, amount)
    else short = add(short, amount)
    if (mark) pnl = add(pnl, pnlAt(p.side, amount, parseDecimal(p.openPrice), mark))
  }
  const at = (q: DecimalString) => (mark ? money(multiply(q, mark)) : ZERO)
  const net = subtract(short, long)
  const terms = await contractTerms(db, symbol)
  return {
    symbol,
    mark: mark ?? null,
    long_amount: long,
    short_amount: short,
    long_notional: at(long),
    short_notional: at(short),
    platform_net_amount: net,
    platform_net_exposure: at(net),
    max_net_exposure: terms?.maxNetExposure ?? ZERO,
    users_unrealized_pnl: money(pnl),
  }
}

/** The accounts of `rows` with the highest margin ratio (equity ≤ 0 first). */
async function closestAccounts(db: Db, rows: PositionRow[], markOf: (symbol: string) => DecimalString | undefined) {
  const byUser = new Map<number, PositionRow[]>()
  for (const p of rows) byUser.set(p.userId, [...(byUser.get(p.userId) ?? []), p])
  if (byUser.size === 0) return []
  const wallets = await db
    .select({ userId: ledgerAccounts.userId, available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(
      and(
        inArray(ledgerAccounts.userId, [...byUser.keys()]),
        eq(ledgerAccounts.book, 'live'),
        eq(ledgerAccounts.wallet, 'contract'),
        eq(ledgerAccounts.currency, MARGIN_CURRENCY),
      ),
    )
  const available = new Map(wallets.map((w) => [w.userId, parseDecimal(w.available)]))
  const accounts = [...byUser].map(([userId, positions]) => {
    const f = accountFigures(
      available.get(userId) ?? ZERO,
      positions.map((p) => figuresOf(p, markOf(p.symbol))),
    )
    const ratio = sign(f.equity) > 0 ? divide(f.maintenanceMargin, f.equity, 4, 'up') : null
    return {
      user_id: userId,
      equity: round(f.equity, SCALE, 'floor'),
      maintenance_margin: round(f.maintenanceMargin, SCALE, 'up'),
      margin_ratio: ratio,
      positions: positions.length,
    }
  })
  accounts.sort((a, b) => {
    if (a.margin_ratio === null || b.margin_ratio === null) {
      return (a.margin_ratio === null ? 0 : 1) - (b.margin_ratio === null ? 0 : 1) || a.user_id - b.user_id
    }
    return compare(b.margin_ratio, a.margin_ratio) || a.user_id - b.user_id
  })
  return accounts.slice(0, CLOSEST_ACCOUNTS)
}

/** Funding the live book's counterparty account received (its credits) and paid (its debits), USDT. */
async function fundingTotals(db: Db): Promise<{ received: DecimalString; paid: DecimalString }> {
  const result = (await db.execute(sql`
    select coalesce(sum(e.amount) filter (where e.amount > 0), 0)::text as received,
      coalesce(-sum(e.amount) filter (where e.amount < 0), 0)::text as paid
    from ledger_entries e
      join ledger_transactions t on t.id = e.transaction_id
      join ledger_accounts a on a.id = e.account_id
    where t.kind = ${FUNDING_KIND} and a.owner = 'system:counterparty' and a.book = 'live'
      and a.currency = ${MARGIN_CURRENCY}`)) as { rows: { received: string; paid: string }[] }
  const r = result.rows[0]
  return { received: parseDecimal(r?.received ?? '0'), paid: parseDecimal(r?.paid ?? '0') }
}

/**
 * The last price each symbol's futures traded at, from the feed events the database recorded (fills and closes,
 * newest by event time): what `npm run admin -- risk` values a market at when it has no `--mark` (the CLI has no
 * feed of its own). Decimal strings by symbol.
 */
export async function recordedPrices(db: Db): Promise<Map<string, DecimalString>> {
  const result = (await db.execute(sql`
    select distinct on (symbol) symbol, feed_price::text as price from (
      select symbol, feed_price, feed_ts from contract_orders where feed_price is not null and feed_ts is not null
      union all
      select symbol, feed_price, feed_ts from contract_positions where feed_price is not null and feed_ts is not null
    ) f order by symbol, feed_ts desc`)) as { rows: { symbol: string; price: string }[] }
  return new Map(result.rows.map((r) => [r.symbol, parseDecimal(r.price)]))
}
