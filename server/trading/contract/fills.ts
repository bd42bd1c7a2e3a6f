/**
 * One part of a futures order's fill (issue 21 part 4: "A limit order fills from feed trades at most the size
 * printed"; "a limit order that crosses the book executes at once as a taker … and only its remainder rests"). A
 * part is either a maker fill from a feed print (its margin and fee come out of what the order holds for its
 * unfilled rest) or the taker part of an order placed against the book (margin and fee taken from the available
 * balance). Each part is a `contract_fills` row; the order's position opens with its first part and grows with the
 * next ones, as a position on Binance or OKX grows with each fill of its order:
 * - amount += q, margin += the part's margin, opening fee += the part's fee;
 * - opening price = the size-weighted average of the position's and the part's prices, rounded against the user (up
 *   for a long, down for a short: a long's loss at any price is never understated);
 * - maintenance rate and amount: the risk-limit tier of the grown position (risk-limits.ts maintenanceAtOpen) beside
 *   the account's other positions on the symbol and side.
 * A part filling after the order's position was closed opens a new one. How much a part may be (the print's size
 * left, the market's minimum) is the caller's (entrusts.ts, place.ts).
 */
import { and, eq, isNull } from 'drizzle-orm'
import {
  add,
  compare,
  currencyScale,
  divide,
  multiply,
  negate,
  parseDecimal,
  round,
  sign,
  subtract,
  type DecimalString,
} from '../../../common/amount'
import type { FeedEvent } from '../../../common/api/trade'
import { accountFigures, isLiquidatable } from '../../../common/trading/contract-math'
import type { Db } from '../../db/client'
import { contractFills, contractOrders, contractPositions } from '../../db/schema'
import { postTransaction } from '../../ledger/post'
import { fieldError } from '../../money/amounts'
import { contractWallet, openPositions } from './account'
import { PRICE_MAX_SCALE } from './book-price'
import { contractTerms, type ContractTerms } from './config'
import type { MarkBoard } from './marks'
import { maintenanceAtOpen } from './risk-limits'
import type { UserEventOf } from '../../stream/trading-events'
import { positionEvent } from '../../stream/trading-events'
import { figuresOf, futuresOrderEvent, positionViews, type ContractOrderRow } from './views'

/** One part of an order's fill. */
export interface FillPart {
  /** Base amount, > 0 and at most what is left of the order. */
  amount: DecimalString
  price: DecimalString
  /** `maker` from a feed print, `taker` at the book when placed. */
  liquidity: 'maker' | 'taker'
  /** The margin the part moves into the position and the fee it pays (margin currency). */
  margin: DecimalString
  fee: DecimalString
  /** True when margin and fee come out of the order's hold (a maker part); false: from the available balance. */
  held: boolean
  event: FeedEvent
  now: Date
}

/** Decimals of a size-weighted opening price: the market's price precision plus four, at most PRICE_MAX_SCALE. */
export const averageScale = (terms: Pick<ContractTerms, 'pricePrecision'>) =>
  Math.min(terms.pricePrecision + 4, PRICE_MAX_SCALE)

/** Decimals of an order's (and a part's) amount in a market. */
export const amountScale = (terms: Pick<ContractTerms, 'amountPrecision' | 'base'>) =>
  Math.min(terms.amountPrecision, currencyScale(terms.base), PRICE_MAX_SCALE)

/**
 * How a maker part of `part` (base) splits what order `row` holds for its unfilled `left`: the rest keeps its hold pro
 * rata (margin and fee × (left − part) / left, rounded down at the currency's unit) and the part takes the remainder
 * (so the part is charged the rounding, never the venue, and the parts of an order together take exactly what it
 * held); a part that fills the order takes the whole hold.
 */
export function heldAfter(
  row: Pick<ContractOrderRow, 'margin' | 'fee' | 'currency'>,
  left: DecimalString,
  part: DecimalString,
) {
  const margin = parseDecimal(row.margin)
  const fee = parseDecimal(row.fee)
  if (compare(part, left) >= 0)
    return { part: { margin, fee }, rest: { margin: parseDecimal('0'), fee: parseDecimal('0') } }
  const rest = subtract(left, part)
  const scale = currencyScale(row.currency)
  const keep = (v: DecimalString) => divide(multiply(v, rest), left, scale, 'down')
  const restHold = { margin: keep(margin), fee: keep(fee) }
  return { part: { margin: subtract(margin, restHold.margin), fee: subtract(fee, restHold.fee) }, rest: restHold }
}

/**
 * Applies part `f` of order `row` in `tx` (under the account lock, the order row locked): opens or grows the order's
 * position (header), books the fee (and, for a taker part, the margin) in the ledger, records the part, refuses an
 * account that would end at or below its maintenance margin, and answers the order with `filled_amount`, the
 * average `fill_price`, `position_id` and the part's feed event; `filled` once nothing is left (then `margin` and
 * `fee` are what its parts gave the position and paid), else still `pending` (a maker part leaves what it took out
 * of `margin` and `fee`, the hold of the rest).
 * @throws DomainError `lackOfFunds` or `orderBelowMaintenance` naming `amount`.
 */
export async function applyFill(
  deps: { marks: Pick<MarkBoard, 'mark'> },
  tx: Db,
  row: ContractOrderRow,
  f: FillPart,
  events?: UserEventOf[],
): Promise<ContractOrderRow> {
  const terms = (await contractTerms(tx, row.symbol))!
  const user = { userId: row.userId, wallet: 'contract' as const }
  const { id: position, opened } = await growPosition(tx, row, f, terms)
  const [fill] = await tx
    .insert(contractFills)
    .values({
      orderId: row.id,
      positionId: position,
      liquidity: f.liquidity,
      price: f.price,
      amount: f.amount,
      margin: f.margin,
      fee: f.fee,
      feedSource: f.event.source,
      feedTopic: f.event.topic,
      feedTs: new Date(f.event.ts),
      feedPrice: f.event.price,
      feedRef: f.event.ref,
      feedRecorded: f.event.recorded,
      createdAt: f.now,
    })
    .returning({ id: contractFills.id })
  const fees = {
    owner: { system: 'fees' as const },
    currency: row.currency,
    bucket: 'available' as const,
    amount: f.fee,
  }
  const first = sign(parseDecimal(row.filledAmount)) === 0
  await postTransaction(tx, {
    kind: 'contract_open',
    book: row.book,
    userId: row.userId,
    // The order's first part keeps the reference a whole fill had; later parts name their fill.
    reference: first ? `contract_order:${row.id}` : `contract_order:${row.id}:fill:${fill!.id}`,
    actor: f.held ? 'system' : `user:${row.userId}`,
    entries: (f.held
      ? [{ owner: user, currency: row.currency, bucket: 'frozen' as const, amount: negate(f.fee) }, fees]
      : [
          { owner: user, currency: row.currency, bucket: 'available' as const, amount: negate(add(f.margin, f.fee)) },
          { owner: user, currency: row.currency, bucket: 'frozen' as const, amount: f.margin },
          fees,
        ]
    ).filter((e) => sign(e.amount) !== 0),
  })
  const account = await refuseBelowMaintenance(deps, tx, row)
  const parts = await tx
    .select({
      amount: contractFills.amount,
      price: contractFills.price,
      margin: contractFills.margin,
      fee: contractFills.fee,
    })
    .from(contractFills)
    .where(eq(contractFills.orderId, row.id))
  const zero = parseDecimal('0')
  const sum = (of: (p: (typeof parts)[number]) => DecimalString) => parts.reduce((t, p) => add(t, of(p)), zero)
  const sums = {
    amount: sum((p) => parseDecimal(p.amount)),
    quote: sum((p) => multiply(parseDecimal(p.amount), parseDecimal(p.price))),
    margin: sum((p) => parseDecimal(p.margin)),
    fee: sum((p) => parseDecimal(p.fee)),
  }
  const filled = sums.amount
  const done = compare(filled, parseDecimal(row.amount)) >= 0
  const average = divide(sums.quote, filled, averageScale(terms), row.side === 'long' ? 'up' : 'down')
  const hold = done
    ? { margin: sums.margin, fee: sums.fee }
    : f.held
      ? { margin: subtract(parseDecimal(row.margin), f.margin), fee: subtract(parseDecimal(row.fee), f.fee) }
      : {}
  const [after] = await tx
    .update(contractOrders)
    .set({
      ...hold,
      status: done ? 'filled' : 'pending',
      filledAmount: filled,
      fillPrice: average,
      positionId: position,
      filledAt: f.now,
      feedSource: f.event.source,
      feedTopic: f.event.topic,
      feedTs: new Date(f.event.ts),
      feedPrice: f.event.price,
      feedRef: f.event.ref,
      feedRecorded: f.event.recorded,
    })
    .where(eq(contractOrders.id, row.id))
    .returning()
  if (events) {
    events.push(futuresOrderEvent(done ? 'filled' : 'partially_filled', after!))
    const markOf = (s: string) => deps.marks.mark(s)?.price
    const [view] = positionViews(
      account.positions,
      account.wallet.available,
      markOf,
      () => terms.pricePrecision,
    ).filter((v) => v.id === position)
    if (view) events.push(positionEvent(row.userId, row.book, opened ? 'opened' : 'changed', row.symbol, view))
  }
  return after!
}

/**
 * Opens the order's position with part `f`, or grows its open one (header); answers the position's id and whether it
 * opened now.
 */
async function growPosition(
  tx: Db,
  row: ContractOrderRow,
  f: FillPart,
  terms: ContractTerms,
): Promise<{ id: number; opened: boolean }> {
  const [open] = await tx
    .select()
    .from(contractPositions)
    .where(
      and(
        eq(contractPositions.orderId, row.id),
        eq(contractPositions.status, 'open'),
        isNull(contractPositions.splitFrom),
      ),
    )
    .for('update')
  if (!open) {
    const [inserted] = await tx
      .insert(contractPositions)
      .values({
        userId: row.userId,
        book: row.book,
        symbol: row.symbol,
        currency: row.currency,
        side: row.side,
        amount: f.amount,
        leverage: row.leverage,
        margin: f.margin,
        openPrice: f.price,
        openFee: f.fee,
        ...(await maintenanceAtOpen(tx, row, f.amount, f.price, terms)),
        closeFeeRate: terms.takerFeeRate,
        tp: row.tp,
        sl: row.sl,
        status: 'open',
        orderId: row.id,
        openedAt: f.now,
      })
      .returning({ id: contractPositions.id })
    return { id: inserted!.id, opened: true }
  }
  const amount = add(parseDecimal(open.amount), f.amount)
  const quote = add(multiply(parseDecimal(open.amount), parseDecimal(open.openPrice)), multiply(f.amount, f.price))
  const openPrice = divide(quote, amount, averageScale(terms), row.side === 'long' ? 'up' : 'down')
  await tx
    .update(contractPositions)
    .set({
      amount,
      openPrice,
      margin: add(parseDecimal(open.margin), f.margin),
      openFee: add(parseDecimal(open.openFee), f.fee),
      ...(await maintenanceAtOpen(tx, row, amount, openPrice, terms, open.id)),
    })
    .where(eq(contractPositions.id, open.id))
  return { id: open.id, opened: false }
}

/**
 * Refuses (rolls back) a fill that leaves the account liquidatable at the current marks; answers the account as read
 * (its wallet and open positions).
 */
export async function refuseBelowMaintenance(deps: { marks: Pick<MarkBoard, 'mark'> }, tx: Db, row: ContractOrderRow) {
  const wallet = await contractWallet(tx, row.book, row.userId)
  const positions = await openPositions(tx, row.book, row.userId)
  const figures = accountFigures(
    wallet.available,
    positions.map((p) => figuresOf(p, deps.marks.mark(p.symbol)?.price)),
  )
  if (isLiquidatable(figures, positions.length)) throw fieldError('amount', 'orderBelowMaintenance', {}, 'rejected')
  return { wallet, positions }
}

/** `value` rounded down to `scale` decimals, never below 0. */
export function floorAt(value: DecimalString, scale: number): DecimalString {
  const r = round(value, scale, 'down')
  return sign(r) < 0 ? parseDecimal('0') : r
}
