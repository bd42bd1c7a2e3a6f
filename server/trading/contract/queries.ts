/** Reading a user's futures: open positions with live figures, entrusts, history, the account under cross margin. */
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm'
import type {
  ContractAccount,
  ContractHistoryQuery,
  ContractOrderListQuery,
  Position,
} from '../../../common/api/contract'
import type { Book } from '../../../common/api/user-info'
import type { Db } from '../../db/client'
import { contractOrders, contractPositions } from '../../db/schema'
import { DomainError } from '../../domain/errors'
import { contractWallet, openPositions } from './account'
import type { MarkBoard } from './marks'
import { transferableMargin } from './transferable'
import { accountView, contractOrderView, historyView, positionViews } from './views'

/** Who reads: a session's user and book. */
type Who = { userId: number; book: Book }

/** What the live views need: the database, the marks and each symbol's price precision. */
export interface ViewDeps {
  db: Db
  marks: Pick<MarkBoard, 'mark'>
  pricePrecision: (symbol: string) => number
}

/** The caller's open positions (of `symbol` when given), newest first, at the current marks. */
export async function positionsOfUser(deps: ViewDeps, who: Who, symbol?: string): Promise<Position[]> {
  const rows = await openPositions(deps.db, who.book, who.userId)
  const { available } = await contractWallet(deps.db, who.book, who.userId)
  const views = positionViews(rows, available, (s) => deps.marks.mark(s)?.price, deps.pricePrecision)
  return views.filter((v) => symbol === undefined || v.symbol === symbol).reverse()
}

/** The caller's account figures at the current marks. */
export async function accountOf(deps: ViewDeps, who: Who): Promise<ContractAccount> {
  const rows = await openPositions(deps.db, who.book, who.userId)
  const wallet = await contractWallet(deps.db, who.book, who.userId)
  // The transfer cap as a transfer would compute it now, without its locks (a stale mark → null).
  const maxOut = await transferableMargin(deps.db, deps.marks, who, new Date(), false).then(
    (r) => r.max,
    (err: unknown) => {
      if (err instanceof DomainError) return null
      throw err
    },
  )
  return { ...accountView(rows, wallet, (s) => deps.marks.mark(s)?.price), max_transfer_out: maxOut }
}

/** The caller's entrusts: pending (`open`) or filled and cancelled (`history`), newest first. */
export async function ordersOf(db: Db, who: Who, q: ContractOrderListQuery) {
  const where = and(
    eq(contractOrders.userId, who.userId),
    eq(contractOrders.book, who.book),
    q.state === 'open' ? eq(contractOrders.status, 'pending') : ne(contractOrders.status, 'pending'),
    q.symbol === undefined ? undefined : eq(contractOrders.symbol, q.symbol),
  )
  const rows = await db
    .select()
    .from(contractOrders)
    .where(where)
    .orderBy(desc(contractOrders.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
  const [total] = await db.select({ n: count() }).from(contractOrders).where(where)
  return { list: rows.map(contractOrderView), total: total?.n ?? 0, page: q.page, limit: q.limit }
}

/** The caller's closed and liquidated positions, newest first. */
export async function historyOf(db: Db, who: Who, q: ContractHistoryQuery) {
  const where = and(
    eq(contractPositions.userId, who.userId),
    eq(contractPositions.book, who.book),
    inArray(contractPositions.status, ['closed', 'liquidated']),
    q.symbol === undefined ? undefined : eq(contractPositions.symbol, q.symbol),
  )
  const rows = await db
    .select()
    .from(contractPositions)
    .where(where)
    .orderBy(desc(contractPositions.closedAt), desc(contractPositions.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
  const [total] = await db.select({ n: count() }).from(contractPositions).where(where)
  return { list: rows.map(historyView), total: total?.n ?? 0, page: q.page, limit: q.limit }
}
