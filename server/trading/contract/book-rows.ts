/**
 * The futures risk engine's view of the database (engine.ts): the open positions, pending orders and contract-wallet
 * balances of some accounts (or of all), and their conversion into the risk book's integer form (risk-book.ts).
 */
import { and, eq, sql } from 'drizzle-orm'
import { accountPartition, PARTITIONS, symbolPartition } from '../../cluster/partitions'
import type { Book } from '../../../common/api/user-info'
import type { Db } from '../../db/client'
import { contractOrders, contractPositions, ledgerAccounts } from '../../db/schema'
import { accountKeyOf, parseAccountKey, type PositionRow } from './account'
import { MARGIN_CURRENCY } from './config'
import { PX, RT, toUnits, type RiskPosition } from './risk-book'
import type { Entrust } from './engine-plan'
import { parseDecimal, subtract } from '../../../common/amount'

/** What one reload reads: open positions by account key, contract-wallet available USDT by key, pending orders. */
export interface BookRows {
  byAccount: Map<string, PositionRow[]>
  available: Map<string, string>
  pending: (typeof contractOrders.$inferSelect)[]
}

/**
 * Reads the rows of the accounts `keys` (`live:7`, `demo:7`) or of every account with an open position (`'all'`);
 * with `scope` (the partitions an engine holds, server/cluster/partitions.ts) only the positions and wallets of the
 * accounts in those partitions and the pending orders of the markets in them.
 */
export async function readBookRows(db: Db, keys: string[] | 'all', scope?: ReadonlySet<number>): Promise<BookRows> {
  const who = keys === 'all' ? [] : keys.map(parseAccountKey).filter((k) => k !== undefined)
  const positions = await db
    .select()
    .from(contractPositions)
    .where(
      and(
        eq(contractPositions.status, 'open'),
        accountFilter(contractPositions, who),
        scope ? partitionFilter(scope) : undefined,
      ),
    )
  const allPending = await db
    .select()
    .from(contractOrders)
    .where(and(eq(contractOrders.status, 'pending'), accountFilter(contractOrders, who)))
  const pending = scope ? allPending.filter((o) => scope.has(symbolPartition(o.symbol))) : allPending
  const owned = scope ? who.filter((w) => scope.has(accountPartition(w.userId))) : who
  const userIds = [...new Set([...positions, ...owned].map((p) => p.userId))]
  const wallets =
    userIds.length === 0
      ? []
      : await db
          .select()
          .from(ledgerAccounts)
          .where(
            and(
              sql`${ledgerAccounts.userId} = any(${intArray(userIds)}::int[])`,
              eq(ledgerAccounts.wallet, 'contract'),
              eq(ledgerAccounts.currency, MARGIN_CURRENCY),
            ),
          )
  const available = new Map(wallets.map((w) => [accountKeyOf(w.book, w.userId!), w.available]))
  const byAccount = new Map<string, PositionRow[]>()
  for (const p of positions) {
    const key = accountKeyOf(p.book, p.userId)
    const list = byAccount.get(key)
    if (list) list.push(p)
    else byAccount.set(key, [p])
  }
  return { byAccount, available, pending }
}

/**
 * A PostgreSQL int array literal: one parameter however many ids (an `IN` list takes one parameter per id, and
 * PostgreSQL refuses more than 65,535 — an engine with 70,000 accounts would not load).
 */
const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`

/** Positions of the accounts in `scope`: user id modulo PARTITIONS (accountPartition) in the set. */
function partitionFilter(scope: ReadonlySet<number>) {
  const held = [...scope]
  if (held.length === 0) return sql`false`
  return sql`(${contractPositions.userId} % ${PARTITIONS}) = any(${intArray(held)}::int[])`
}

/** Rows of the given accounts only (every account when none given). */
function accountFilter(t: typeof contractPositions | typeof contractOrders, who: { book: Book; userId: number }[]) {
  if (who.length === 0) return undefined
  return sql`${t.userId} = any(${intArray([...new Set(who.map((w) => w.userId))])}::int[])`
}

/** A pending limit order as the engine's matcher holds it: its unfilled amount, placement time in ms. */
export function entrustOf(o: typeof contractOrders.$inferSelect): Entrust & { symbol: string } {
  return {
    symbol: o.symbol,
    id: o.id,
    book: o.book,
    userId: o.userId,
    side: o.side,
    price: o.price!,
    amount: subtract(parseDecimal(o.amount), parseDecimal(o.filledAmount)),
    createdAt: o.createdAt.getTime(),
  }
}

/** Cross-margin wallet balance: available + the open positions' margin, PX units. */
export function walletBalance(available: string, rows: readonly PositionRow[]): bigint {
  return rows.reduce((sum, p) => sum + toUnits(p.margin, PX), toUnits(available, PX))
}

export function riskPosition(p: PositionRow): RiskPosition {
  return {
    id: p.id,
    symbol: p.symbol,
    side: p.side === 'long' ? 1n : -1n,
    q: toUnits(p.amount, PX),
    e: toUnits(p.openPrice, PX),
    mmr: toUnits(p.maintenanceMarginRate, RT),
    cum: toUnits(p.maintenanceAmount, PX),
    tp: p.tp === null ? null : toUnits(p.tp, PX),
    sl: p.sl === null ? null : toUnits(p.sl, PX),
  }
}
