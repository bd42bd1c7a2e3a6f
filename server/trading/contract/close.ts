/**
 * What a user does to open positions: close one at market, close them all (one transaction: all or none), and set,
 * change or remove a take-profit and stop-loss. A close at market takes the book's VWAP like an opening (a long
 * sells into the bids, a short buys the asks) and pays the taker fee.
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import { parseDecimal, scaleOf, sign } from '../../../common/amount'
import type { ContractHistory, Position, PositionTpslInput } from '../../../common/api/contract'
import type { Book } from '../../../common/api/user-info'
import type { Db } from '../../db/client'
import { contractPositions } from '../../db/schema'
import { DomainError } from '../../domain/errors'
import { moneyTransaction, runOnce } from '../../ledger/idempotent'
import { fieldError } from '../../money/amounts'
import type { MoneyCaller } from '../../money/deposits'
import { isFresh, priceMaxAgeMs } from '../freshness'
import { contractWallet, lockAccount, notifyAccount, openPositions, type PositionRow } from './account'
import { marketPrice } from './book-price'
import { contractTerms } from './config'
import type { ContractDeps } from './place'
import { settleClose } from './settle-close'
import { checkNotTriggered, checkTrigger } from './triggers'
import { historyView, positionViews } from './views'

/** The caller's position `id` locked, or `positionNotFound` (another user's included). */
async function lockedPosition(tx: Db, who: { userId: number; book: Book }, id: number): Promise<PositionRow> {
  const [p] = await tx
    .select()
    .from(contractPositions)
    .where(
      and(eq(contractPositions.id, id), eq(contractPositions.userId, who.userId), eq(contractPositions.book, who.book)),
    )
    .for('update')
  if (!p) throw new DomainError('not_found', 'positionNotFound', { field: 'id' })
  return p
}

/** Closes `positions` (locked, open) at market in `tx`, one after another; answers their history entries. */
async function closeAtMarket(deps: ContractDeps, tx: Db, positions: readonly PositionRow[], actor: string) {
  const now = deps.now?.() ?? new Date()
  let { available } = await contractWallet(tx, positions[0]!.book, positions[0]!.userId, true)
  const closed: number[] = []
  for (const p of positions) {
    const terms = (await contractTerms(tx, p.symbol))!
    const taker = p.side === 'long' ? 'sell' : 'buy'
    const { price, event } = marketPrice(deps.market, terms, taker, parseDecimal(p.amount), now)
    ;({ available } = await settleClose(tx, p, { price, reason: 'manual', event, actor, now }, available))
    closed.push(p.id)
  }
  const rows = await tx
    .select()
    .from(contractPositions)
    .where(inArray(contractPositions.id, closed))
    .orderBy(asc(contractPositions.id))
  return rows.map(historyView)
}

/**
 * Closes the caller's position `id` at market (Idempotency-Key).
 * @throws DomainError `positionNotFound`, `positionNotOpen` (id); `priceStale`, `bookTooThin`, `slippageTooFar`.
 */
export async function closePosition(deps: ContractDeps, who: MoneyCaller, id: number): Promise<ContractHistory> {
  const call = { userId: who.userId, key: who.key, call: 'contract/position_close', payload: { id, book: who.book } }
  return runOnce(deps.db, call, async (tx) => {
    await lockAccount(tx, who.book, who.userId)
    const p = await lockedPosition(tx, who, id)
    if (p.status !== 'open') throw new DomainError('conflict', 'positionNotOpen', { field: 'id' })
    const [closed] = await closeAtMarket(deps, tx, [p], `user:${who.userId}`)
    await notifyAccount(tx, who.book, who.userId)
    return closed!
  })
}

/**
 * Closes every open position of the caller (of `symbol` when given) at market, all in one transaction.
 * @throws DomainError conflict `noOpenPositions`; a close's refusal (nothing is closed then).
 */
export async function closeAll(deps: ContractDeps, who: MoneyCaller, symbol?: string): Promise<ContractHistory[]> {
  const call = { userId: who.userId, key: who.key, call: 'contract/close_all', payload: { symbol, book: who.book } }
  return runOnce(deps.db, call, async (tx) => {
    await lockAccount(tx, who.book, who.userId)
    const all = await openPositions(tx, who.book, who.userId, true)
    const mine = all.filter((p) => symbol === undefined || p.symbol === symbol)
    if (mine.length === 0) throw new DomainError('conflict', 'noOpenPositions')
    const closed = await closeAtMarket(deps, tx, mine, `user:${who.userId}`)
    await notifyAccount(tx, who.book, who.userId)
    return closed
  })
}

/**
 * Sets (a price), removes (null) or keeps (absent) the take-profit and stop-loss of the caller's open position `id`,
 * in a money transaction (a deadlock or serialization failure is retried, then answers 503): a take-profit must lie
 * beyond the opening price, and a trigger being set must not be reached by the current mark already (it would close
 * the position at once; Binance -2021 "Order would immediately trigger"); a stop-loss before the mark on the side's
 * side. Setting a price needs a fresh mark (freshness.ts; issue 21 part 3); removing one does not. Answers the position.
 * @throws DomainError `positionNotFound`, `positionNotOpen` (id); `priceNotPositive`, `priceTooManyDecimals`,
 *   `takeProfitLong|Short`, `takeProfitWouldTrigger` (tp), `stopLossLong|Short`, `stopLossWouldTrigger` (sl);
 *   unavailable `tpslMarkStale` (tp or sl: the mark is missing or older than the market's maximum price age)
 */
export async function setTpsl(
  deps: ContractDeps & { pricePrecision: (symbol: string) => number },
  who: { userId: number; book: Book },
  input: PositionTpslInput,
): Promise<Position> {
  return moneyTransaction(deps.db, async (tx) => {
    await lockAccount(tx, who.book, who.userId)
    const p = await lockedPosition(tx, who, input.id)
    if (p.status !== 'open') throw new DomainError('conflict', 'positionNotOpen', { field: 'id' })
    const terms = (await contractTerms(tx, p.symbol))!
    const mark = deps.marks.mark(p.symbol)
    const maxAgeMs = await priceMaxAgeMs(tx, p.symbol)
    const fresh = mark !== undefined && isFresh(mark.event.ts, deps.now?.() ?? new Date(), maxAgeMs)
    const value = (field: 'tp' | 'sl') => {
      const given = input[field]
      if (given === undefined) return p[field]
      if (given === null) return null
      const v = parseDecimal(given)
      if (sign(v) <= 0) throw fieldError(field, 'priceNotPositive')
      if (scaleOf(v) > terms.pricePrecision) {
        throw fieldError(field, 'priceTooManyDecimals', {
          symbol: `${terms.base}/${terms.quote}`,
          scale: terms.pricePrecision,
        })
      }
      if (field === 'tp') checkTrigger('tp', p.side, v, parseDecimal(p.openPrice))
      if (!fresh || !mark) throw new DomainError('unavailable', 'tpslMarkStale', { field })
      if (field === 'sl') checkTrigger('sl', p.side, v, mark.price)
      checkNotTriggered(field, p.side, v, mark.price)
      return v
    }
    const tp = value('tp')
    const sl = value('sl')
    await tx.update(contractPositions).set({ tp, sl }).where(eq(contractPositions.id, p.id))
    await notifyAccount(tx, who.book, who.userId)
    const positions = await openPositions(tx, who.book, who.userId)
    const { available } = await contractWallet(tx, who.book, who.userId)
    const views = positionViews(positions, available, (s) => deps.marks.mark(s)?.price, deps.pricePrecision)
    return views.find((v) => v.id === p.id)!
  })
}
