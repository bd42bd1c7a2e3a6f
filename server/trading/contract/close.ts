/**
 * What a user does to open positions: close one at market, close them all (one transaction, netted; what cannot be
 * priced stays open and is reported), and set, change or remove a take-profit and stop-loss. A close at market takes
 * the book's VWAP like an opening (a long sells into the bids, a short buys the asks) and pays the taker fee; its
 * money settles against the whole cross-margin wallet (netting.ts).
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import { parseDecimal, scaleOf, sign } from '../../../common/amount'
import type { ContractHistory, Position, PositionTpslInput } from '../../../common/api/contract'
import type { Book } from '../../../common/api/user-info'
import type { Db } from '../../db/client'
import { contractPositions } from '../../db/schema'
import { DomainError, type DomainErrorKind } from '../../domain/errors'
import type { ServerMessageKey } from '../../content/server-messages'
import { moneyTransaction, runOnce } from '../../ledger/idempotent'
import { fieldError } from '../../money/amounts'
import type { MoneyCaller } from '../../money/deposits'
import { isFresh, priceMaxAgeMs } from '../freshness'
import { contractWallet, lockAccount, notifyAccount, openPositions, type PositionRow } from './account'
import { marketPrice } from './book-price'
import { contractTerms } from './config'
import type { ContractDeps } from './place'
import { settleAccountCloses, type AccountCloses } from './settle-close'
import { checkCloseAmount, splitPosition } from './split'
import { checkNotTriggered, checkTrigger } from './triggers'
import { historyView, positionViews } from './views'
import { emitEvents } from '../../stream/events'
import { positionEvent } from '../../stream/trading-events'
import { openPositionEvents } from './position-events'
export { openPositionEvents } from './position-events'

/** The caller's position `id` locked, or `positionNotFound` (another user's included). */
export async function lockedPosition(tx: Db, who: { userId: number; book: Book }, id: number): Promise<PositionRow> {
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

/** A position Close all could not close: the refusal's message key, field and values (stored with the answer). */
export interface CloseFailureRow {
  id: number
  symbol: string
  kind: DomainErrorKind
  key: ServerMessageKey
  field: string | null
  vars: Record<string, string | number>
}

/**
 * Closes `positions` (locked, open) at market in `tx`, netted together against the account's whole wallet with its
 * `others` (the open positions that stay, locked): see netting.ts. With `tolerate`, a position whose price is refused
 * (stale or too thin book, slippage) stays open and is reported; the rest close. Answers the history entries of the
 * closed ones (by id) and the failures.
 * @throws DomainError the first refusal when nothing can be closed (or any, without `tolerate`);
 *   `closeLossBeyondWallet` (field) when the closes would need insurance.
 */
export async function closeAtMarket(
  deps: ContractDeps,
  tx: Db,
  positions: readonly PositionRow[],
  others: readonly PositionRow[],
  opts: { actor: string; field: string; tolerate: boolean },
): Promise<{ closed: ContractHistory[]; failed: CloseFailureRow[] }> {
  const now = deps.now?.() ?? new Date()
  const { available } = await contractWallet(tx, positions[0]!.book, positions[0]!.userId, true)
  const closes: AccountCloses['closes'][number][] = []
  const failed: { position: PositionRow; error: DomainError }[] = []
  for (const p of positions) {
    const terms = (await contractTerms(tx, p.symbol))!
    const taker = p.side === 'long' ? 'sell' : 'buy'
    try {
      const maxAgeMs = await priceMaxAgeMs(tx, p.symbol)
      const { price, event } = marketPrice(deps.market, terms, taker, parseDecimal(p.amount), now, maxAgeMs)
      closes.push({ position: p, terms: { price, reason: 'manual', event, actor: opts.actor, now } })
    } catch (err) {
      if (!(err instanceof DomainError) || !opts.tolerate) throw err
      failed.push({ position: p, error: err })
    }
  }
  if (closes.length === 0) throw failed[0]!.error
  const stay = [...others, ...failed.map((f) => f.position)]
  const booked = await settleAccountCloses(tx, { available, closes, others: stay }, opts.field, deps.marks)
  const rows = await tx
    .select()
    .from(contractPositions)
    .where(
      inArray(
        contractPositions.id,
        booked.map((c) => c.position.id),
      ),
    )
    .orderBy(asc(contractPositions.id))
  return {
    closed: rows.map(historyView),
    failed: failed.map(({ position, error }) => ({
      id: position.id,
      symbol: position.symbol,
      kind: error.kind,
      key: error.messageKey,
      field: error.field ?? null,
      vars: { ...error.vars },
    })),
  }
}

/**
 * Closes the caller's position `id` at market (Idempotency-Key), netted against the account's other positions: a
 * loss beyond the available balance is covered by their margin, never by insurance. With `amount` (base currency;
 * absent = the whole position) it closes that part only: the part is split off (split.ts: margin, opening fee and
 * maintenance amount pro rata) and closed as a position of its own, so history shows it with its own realized PnL and
 * fees; the remainder stays open with its take-profit and stop-loss (as Binance's and OKX's partial close).
 * @throws DomainError `positionNotFound`, `positionNotOpen`, `closeLossBeyondWallet` (id); `priceStale`,
 *   `bookTooThin`, `slippageTooFar`; `amountNotPositive`, `orderAmountPrecision`, `orderBelowMinimum`,
 *   `closeAmountAbovePosition`, `closeRemainderBelowMinimum`, `closePartTooSmall` (amount).
 */
export async function closePosition(
  deps: ContractDeps,
  who: MoneyCaller,
  id: number,
  amount?: string,
): Promise<ContractHistory> {
  const payload = amount === undefined ? { id, book: who.book } : { id, amount, book: who.book }
  const call = { userId: who.userId, key: who.key, call: 'contract/position_close', payload }
  return runOnce(deps.db, call, async (tx) => {
    await lockAccount(tx, who.book, who.userId)
    const p = await lockedPosition(tx, who, id)
    if (p.status !== 'open') throw new DomainError('conflict', 'positionNotOpen', { field: 'id' })
    const closing = await partToClose(tx, p, amount)
    const others = (await openPositions(tx, who.book, who.userId, true)).filter((o) => o.id !== closing.id)
    const opts = { actor: `user:${who.userId}`, field: 'id', tolerate: false }
    const { closed } = await closeAtMarket(deps, tx, [closing], others, opts)
    await notifyAccount(tx, who.book, who.userId)
    // A part closed: what stays open changed (the part's own `closed` event is the settle's).
    if (closing.id !== p.id) await emitEvents(tx, await openPositionEvents(tx, deps.marks, who, [p.id], 'changed'))
    return closed[0]!
  })
}

/**
 * The row to close for `amount` of open position `p` (locked): `p` itself for the whole (or no amount), else the part
 * split off it (split.ts).
 * @throws DomainError naming `amount` (checkCloseAmount, splitPosition).
 */
export async function partToClose(
  tx: Db,
  p: PositionRow,
  amount: string | undefined,
  overrides?: Parameters<typeof splitPosition>[3],
): Promise<PositionRow> {
  if (amount === undefined) return p
  const q = parseDecimal(amount)
  if (checkCloseAmount(p, q, (await contractTerms(tx, p.symbol))!)) return p
  return (await splitPosition(tx, p, q, overrides)).part
}

/** What Close all did: the positions closed (as history) and the ones it could not close. */
export interface CloseAllResult {
  closed: ContractHistory[]
  failed: CloseFailureRow[]
}

/**
 * Closes every open position of the caller (of `symbol` when given) at market, netted together in one transaction
 * (the most profitable booked first, so insurance is never touched by a voluntary close). A position whose book
 * refuses a price (stale, too thin, slippage) stays open and is reported in `failed`; the others close.
 * @throws DomainError conflict `noOpenPositions`; the first refusal when none can be closed; `closeLossBeyondWallet`
 *   (symbol) when the positions that stay open would have to carry the loss with their unrealized profit.
 */
export async function closeAll(deps: ContractDeps, who: MoneyCaller, symbol?: string): Promise<CloseAllResult> {
  const call = { userId: who.userId, key: who.key, call: 'contract/close_all', payload: { symbol, book: who.book } }
  const done: CloseAllResult | ContractHistory[] = await runOnce(deps.db, call, async (tx) => {
    await lockAccount(tx, who.book, who.userId)
    const all = await openPositions(tx, who.book, who.userId, true)
    const mine = all.filter((p) => symbol === undefined || p.symbol === symbol)
    if (mine.length === 0) throw new DomainError('conflict', 'noOpenPositions')
    const others = all.filter((p) => !mine.includes(p))
    const opts = { actor: `user:${who.userId}`, field: 'symbol', tolerate: true }
    const result = await closeAtMarket(deps, tx, mine, others, opts)
    await notifyAccount(tx, who.book, who.userId)
    return result
  })
  // A replay of a key stored before this answer had `failed` gets the array it stored.
  return Array.isArray(done) ? { closed: done, failed: [] } : done
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
      checkNotTriggered(field, p.side, v, mark.price, terms.pricePrecision)
      return v
    }
    const tp = value('tp')
    const sl = value('sl')
    await tx.update(contractPositions).set({ tp, sl }).where(eq(contractPositions.id, p.id))
    await notifyAccount(tx, who.book, who.userId)
    const positions = await openPositions(tx, who.book, who.userId)
    const { available } = await contractWallet(tx, who.book, who.userId)
    const views = positionViews(positions, available, (s) => deps.marks.mark(s)?.price, deps.pricePrecision)
    const view = views.find((v) => v.id === p.id)!
    await emitEvents(tx, [positionEvent(who.userId, who.book, 'tpsl', p.symbol, view)])
    return view
  })
}
