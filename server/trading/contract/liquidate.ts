/**
 * What the risk engine carries out (engine.ts decides from the risk book; every decision is checked again here, under
 * the account lock, against the database and the current marks):
 * - a take-profit or stop-loss is a conditional market order (issue 21 part 4): reached by a fresh mark price, it
 *   closes its position against the current book (a long sells into the bids, a short buys the asks) at the walk's
 *   VWAP, with the taker fee, so a gap fills at the book, never at the trigger. On a stale mark, or a book that is
 *   stale or too thin, it waits for the next fresh mark (the risk book decides again on every tick);
 * - an account whose equity is at or below its maintenance margin at the mark prices first loses its pending orders
 *   (their holds come back, as exchanges cancel open orders before liquidating); if that does not restore it, every
 *   open position is closed against the current fresh book like a market close (a long sells into the bids, a short
 *   buys the asks; what a thin book cannot take closes at the bankruptcy price, never better for the user than the
 *   book: liquidation-fill.ts, after Binance's liquidation protocol), netted together in one transaction (the most
 *   profitable booked first), with the taker fee and the market's clearance fee to the insurance account capped at
 *   what the account has left, and the insurance account pays only the account's net deficit (netting.ts). A
 *   liquidation is thus never cheaper than closing. Each close records the book it used and the mark's inputs.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { compare, parseDecimal, type DecimalString } from '../../../common/amount'
import type { ContractCloseReason } from '../../../common/api/contract'
import type { Book } from '../../../common/api/user-info'
import { accountFigures, isLiquidatable } from '../../../common/trading/contract-math'
import type { Db } from '../../db/client'
import { contractOrders, contractPositions, ledgerAccounts } from '../../db/schema'
import { DomainError } from '../../domain/errors'
import { moneyTransaction } from '../../ledger/idempotent'
import type { MarketService } from '../../market/types'
import { isFresh, priceMaxAgeMs } from '../freshness'
import {
  accountKeyOf,
  CONTRACT_CHANNEL,
  contractWallet,
  lockAccount,
  lockKey,
  notifyAccount,
  openPositions,
  type PositionRow,
} from './account'
import { marketPrice, type BookPrice } from './book-price'
import { contractTerms, MARGIN_CURRENCY } from './config'
import { releaseEntrust } from './entrusts'
import { liquidationCloses } from './liquidation-terms'
import type { MarkBoard, MarkSnapshot } from './marks'
import { settleAccountCloses, settleClose, settleCloses, type AccountCloses } from './settle-close'
import { figuresOf } from './views'
import { emitEvents } from '../../stream/events'
import type { UserEventOf } from '../../stream/trading-events'

/** What the engine needs to act. */
export interface ActDeps {
  db: Db
  marks: Pick<MarkBoard, 'mark'>
  now?: () => Date
}

/** What a liquidation needs: the book it closes against. */
export type LiquidationDeps = ActDeps & { market: Pick<MarketService, 'source' | 'lastBook'> }

/**
 * Closes position `id` by its take-profit or stop-loss against the current book, when it is still open with that
 * trigger (a user may have changed or removed it meanwhile) and `mark` (the mark that reached it, recorded with the
 * close) still reaches it and is fresh. The close price is the book's VWAP for the position's amount on the closing
 * side (book-price.ts), never the trigger price. Answers whether it closed; false also when the mark or the book is
 * stale, or the book too thin or beyond the slippage cap: the trigger then waits for the next fresh mark.
 */
export async function closeByTrigger(
  deps: ActDeps & { market: Pick<MarketService, 'source' | 'lastBook'> },
  who: { book: Book; userId: number },
  id: number,
  reason: Extract<ContractCloseReason, 'take_profit' | 'stop_loss'>,
  mark: MarkSnapshot,
): Promise<boolean> {
  try {
    return await closeByTriggerOnce(deps, who, id, reason, mark)
  } catch (err) {
    // Under cross margin a trigger whose loss exceeds the whole wallet (another position holding the profit that
    // covers it) is not closed alone: the liquidation check or the user's Close all nets the account (netting.ts).
    if (err instanceof DomainError && err.messageKey === 'closeLossBeyondWallet') return false
    throw err
  }
}

async function closeByTriggerOnce(
  deps: ActDeps & { market: Pick<MarketService, 'source' | 'lastBook'> },
  who: { book: Book; userId: number },
  id: number,
  reason: Extract<ContractCloseReason, 'take_profit' | 'stop_loss'>,
  mark: MarkSnapshot,
): Promise<boolean> {
  return moneyTransaction(deps.db, async (tx) => {
    await lockAccount(tx, who.book, who.userId)
    const [p] = await tx.select().from(contractPositions).where(eq(contractPositions.id, id)).for('update')
    const trigger = reason === 'take_profit' ? p?.tp : p?.sl
    if (!p || p.status !== 'open' || !trigger) return false
    const c = compare(mark.price, parseDecimal(trigger))
    const up = (reason === 'take_profit') === (p.side === 'long')
    if (up ? c < 0 : c > 0) return false // the mark no longer reaches the trigger as it is now set
    const now = deps.now?.() ?? new Date()
    const maxAgeMs = await priceMaxAgeMs(tx, p.symbol)
    if (!isFresh(mark.event.ts, now, maxAgeMs)) return false
    const terms = (await contractTerms(tx, p.symbol))!
    let fill: BookPrice
    try {
      fill = marketPrice(deps.market, terms, p.side === 'long' ? 'sell' : 'buy', parseDecimal(p.amount), now, maxAgeMs)
    } catch (err) {
      if (err instanceof DomainError) return false
      throw err
    }
    const { available } = await contractWallet(tx, p.book, p.userId, true)
    const markInputs = { mid: mark.mid, last: mark.last, ema: mark.ema }
    const close = { price: fill.price, reason, event: fill.event, markInputs, actor: 'system', now }
    await settleClose(tx, p, close, available, deps.marks)
    await notifyAccount(tx, p.book, p.userId)
    return true
  })
}

/** What a liquidation check ended in. */
export type LiquidationOutcome = 'liquidated' | 'rescued' | 'healthy' | 'no_mark' | 'no_book'

/**
 * Liquidates the account when its equity is at or below its maintenance margin at the current marks (see the
 * header): answers `liquidated`, `rescued` (cancelling its pending orders restored it), `healthy` (it was not, or no
 * longer, liquidatable), `no_mark` (a symbol it holds has no mark in this process yet) or `no_book` (a symbol's book
 * is missing or stale: nothing is closed, the next fresh tick decides again; its pending orders are cancelled).
 */
export async function liquidateAccount(
  deps: LiquidationDeps,
  who: { book: Book; userId: number },
): Promise<LiquidationOutcome> {
  return moneyTransaction(deps.db, async (tx) => {
    await lockAccount(tx, who.book, who.userId)
    const positions = await openPositions(tx, who.book, who.userId, true)
    const marks = new Map(positions.map((p) => [p.symbol, deps.marks.mark(p.symbol)]))
    if ([...marks.values()].some((m) => !m)) return 'no_mark'
    const check = async () => {
      const { available } = await contractWallet(tx, who.book, who.userId, true)
      const figures = accountFigures(
        available,
        positions.map((p) => figuresOf(p, marks.get(p.symbol)!.price)),
      )
      return { available, liquidatable: isLiquidatable(figures, positions.length) }
    }
    if (!(await check()).liquidatable) return 'healthy'
    const now = deps.now?.() ?? new Date()
    const pending = await tx
      .select()
      .from(contractOrders)
      .where(
        and(
          eq(contractOrders.userId, who.userId),
          eq(contractOrders.book, who.book),
          eq(contractOrders.status, 'pending'),
        ),
      )
      .for('update')
    const cancelled: UserEventOf[] = []
    for (const o of pending) await releaseEntrust(tx, o, 'system', now, cancelled)
    // The cancelled orders' events first (the closes below write their own, after them).
    await emitEvents(tx, cancelled)
    const after = await check()
    if (!after.liquidatable) {
      await notifyAccount(tx, who.book, who.userId)
      return 'rescued'
    }
    const closes = await liquidationCloses(tx, deps.market, positions, marks, after.available, now)
    if (!closes) {
      await notifyAccount(tx, who.book, who.userId)
      return 'no_book'
    }
    await settleAccountCloses(tx, { available: after.available, closes }, 'id', deps.marks)
    await notifyAccount(tx, who.book, who.userId)
    return 'liquidated'
  })
}

/** An account of a batch. */
type Who = { book: Book; userId: number }

/**
 * Liquidates many accounts in one transaction (a tick that crosses a thousand liquidation prices): each account
 * locked (ascending key), checked as liquidateAccount checks it, and every liquidatable one closed against the book
 * with a constant number of statements (settleCloses). An account with pending orders is left out (`deferred`): it goes
 * through liquidateAccount, which cancels them first. Answers each account's outcome by key (`<book>:<userId>`).
 */
export async function liquidateAccounts(
  deps: LiquidationDeps,
  accounts: readonly Who[],
): Promise<Map<string, LiquidationOutcome | 'deferred'>> {
  const keys = [...new Set(accounts.map((a) => accountKeyOf(a.book, a.userId)))].sort()
  const byKey = new Map(accounts.map((a) => [accountKeyOf(a.book, a.userId), a]))
  const userIds = [...new Set(accounts.map((a) => a.userId))]
  return moneyTransaction(deps.db, async (tx) => {
    const locks = accounts.map((a) => lockKey(a.book, a.userId)).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))
    await tx.execute(
      sql`select pg_advisory_xact_lock(k) from (select unnest(${`{${locks.join(',')}}`}::bigint[]) as k order by 1) s`,
    )
    const positions = await tx
      .select()
      .from(contractPositions)
      .where(and(inArray(contractPositions.userId, userIds), eq(contractPositions.status, 'open')))
      .orderBy(contractPositions.id)
      .for('update')
    const wallets = await tx
      .select({ userId: ledgerAccounts.userId, book: ledgerAccounts.book, available: ledgerAccounts.available })
      .from(ledgerAccounts)
      .where(
        and(
          inArray(ledgerAccounts.userId, userIds),
          eq(ledgerAccounts.wallet, 'contract'),
          eq(ledgerAccounts.currency, MARGIN_CURRENCY),
        ),
      )
      .for('update')
    const pending = await tx
      .select({ userId: contractOrders.userId, book: contractOrders.book })
      .from(contractOrders)
      .where(and(inArray(contractOrders.userId, userIds), eq(contractOrders.status, 'pending')))
    const withOrders = new Set(pending.map((o) => accountKeyOf(o.book, o.userId)))
    const available = new Map(wallets.map((w) => [accountKeyOf(w.book, w.userId!), parseDecimal(w.available)]))
    const held = new Map<string, PositionRow[]>()
    for (const p of positions) {
      const key = accountKeyOf(p.book, p.userId)
      if (byKey.has(key)) held.set(key, [...(held.get(key) ?? []), p])
    }
    const now = deps.now?.() ?? new Date()
    const outcomes = new Map<string, LiquidationOutcome | 'deferred'>()
    const batch: AccountCloses[] = []
    for (const key of keys) {
      const mine = held.get(key) ?? []
      const marks = new Map(mine.map((p) => [p.symbol, deps.marks.mark(p.symbol)]))
      if ([...marks.values()].some((m) => !m)) {
        outcomes.set(key, 'no_mark')
        continue
      }
      const cash: DecimalString = available.get(key) ?? parseDecimal('0')
      const figures = accountFigures(
        cash,
        mine.map((p) => figuresOf(p, marks.get(p.symbol)!.price)),
      )
      if (!isLiquidatable(figures, mine.length)) outcomes.set(key, 'healthy')
      else if (withOrders.has(key)) outcomes.set(key, 'deferred')
      else {
        const closes = await liquidationCloses(tx, deps.market, mine, marks, cash, now)
        outcomes.set(key, closes ? 'liquidated' : 'no_book')
        if (closes) batch.push({ available: cash, closes })
      }
    }
    await settleCloses(tx, batch, deps.marks)
    const done = keys.filter((k) => outcomes.get(k) === 'liquidated')
    if (done.length > 0) {
      await tx.execute(sql`select pg_notify(${CONTRACT_CHANNEL}, k) from unnest(${`{${done.join(',')}}`}::text[]) as k`)
    }
    return outcomes
  })
}
