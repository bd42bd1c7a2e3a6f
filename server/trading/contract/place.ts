/**
 * Opening a futures position (issue 12 part 1). Checks come first and name their field; then, in one database
 * transaction once per Idempotency-Key and once per `client_oid`, under the account's lock:
 * - a market order fills at once against the current book (book-walk.ts: a long takes the asks, a short the bids),
 *   at the walk's VWAP, citing the book it used; the book must be fresh (freshness.ts, issue 21 part 3); its margin
 *   (notional / leverage) is frozen and the taker fee paid;
 * - a limit order that crosses the book (a long at or above the best ask, a short at or below the best bid) takes at
 *   once, as a taker, what the book's levels within its price and the slippage cap hold (book-price.ts crossingTake:
 *   its position opens at that part's VWAP with the taker fee), and only its rest rests (issue 21 part 4);
 * - a resting limit order (or rest) freezes its margin and maker fee at its price and waits (entrusts.ts fills it
 *   from feed prints, at most the size printed, in parts; fills.ts grows its position).
 * Take-profit and stop-loss must lie on the right side of the opening price, and for an order that fills at once the
 * mark must not have reached them already (Binance -2021 "Order would immediately trigger"). An order that would leave
 * the account at or below its maintenance margin is refused, as is one the available balance cannot cover ("Lack of
 * funds").
 */
import { and, eq } from 'drizzle-orm'
import { add, compare, negate, parseDecimal, scaleOf, sign, subtract, type DecimalString } from '../../../common/amount'
import type { ContractOrder, ContractOrderPlaceInput, ContractSide } from '../../../common/api/contract'
import { initialMargin, tradeFee } from '../../../common/trading/contract-math'
import type { Db } from '../../db/client'
import { contractOrders } from '../../db/schema'
import { DomainError } from '../../domain/errors'
import { runOnce } from '../../ledger/idempotent'
import { postTransaction } from '../../ledger/post'
import type { MarketService } from '../../market/types'
import { fieldError } from '../../money/amounts'
import type { MoneyCaller } from '../../money/deposits'
import { isFresh, priceMaxAgeMs } from '../freshness'
import { lockAccount, notifyAccount } from './account'
import { amountScale, applyFill } from './fills'
import { crossingTake, marketPrice, type BookPrice } from './book-price'
import { contractTerms, type ContractTerms } from './config'
import type { MarkBoard } from './marks'
import { checkRiskLimits } from './risk-limits'
import { checkNotTriggered, checkTrigger } from './triggers'
import { contractOrderView, futuresOrderEvent, type ContractOrderRow } from './views'
import { emitEvents } from '../../stream/events'
import type { UserEventOf } from '../../stream/trading-events'
import { refuseUnlessLive } from '../live-only'

/** What placing needs. */
export interface ContractDeps {
  db: Db
  market: Pick<MarketService, 'source' | 'lastBook'>
  marks: Pick<MarkBoard, 'mark'>
  now?: () => Date
}

interface CheckedOrder {
  terms: ContractTerms
  input: ContractOrderPlaceInput
  price: DecimalString | null
  amount: DecimalString
  tp: DecimalString | null
  sl: DecimalString | null
}

/**
 * Places a futures order for the caller's book; answers the order (with `position_id` once it filled).
 * @throws DomainError naming the field: `marketUnknown`/`contractNotOpen` (symbol); `leverageOutOfRange` (leverage);
 *   `priceRequired`, `priceNotForMarket`, `priceNotPositive`, `priceTooManyDecimals` (price, tp, sl);
 *   `amountNotPositive`, `orderAmountPrecision`, `orderBelowMinimum`, `lackOfFunds`, `orderBelowMaintenance`,
 *   `bookTooThin`, `slippageTooFar` (amount); `takeProfitLong|Short`, `takeProfitWouldTrigger` (tp);
 *   `stopLossLong|Short`, `stopLossWouldTrigger` (sl); unavailable `tpslMarkStale` (tp or sl); `priceStale`
 *   (type); `clientOidReused` (client_oid); `idempotencyKeyReused`.
 */
export async function placeContractOrder(
  deps: ContractDeps,
  who: MoneyCaller,
  input: ContractOrderPlaceInput,
): Promise<ContractOrder> {
  refuseUnlessLive(deps.market, who.book)
  const o = await checkOrder(deps.db, input)
  const now = deps.now?.() ?? new Date()
  const maxAgeMs = await priceMaxAgeMs(deps.db, o.terms.symbol)
  const taker = input.side === 'long' ? 'buy' : 'sell'
  // A crossing limit order takes the book now (a snapshot of the in-memory book, read once), all of it or a part.
  const crossing = o.price
    ? crossingTake(deps.market, o.terms, taker, o.amount, o.price, now, maxAgeMs, amountScale(o.terms))
    : undefined
  const whole = crossing !== undefined && compare(crossing.amount, o.amount) === 0
  const payload = { ...input, price: o.price, amount: o.amount, tp: o.tp, sl: o.sl, book: who.book }
  const call = { userId: who.userId, key: who.key, call: 'contract/order_place', payload }
  return runOnce(deps.db, call, async (tx) => {
    await lockAccount(tx, who.book, who.userId)
    const [row] = await tx
      .insert(contractOrders)
      .values({
        userId: who.userId,
        book: who.book,
        symbol: o.terms.symbol,
        currency: o.terms.quote,
        side: input.side,
        type: input.type,
        price: o.price,
        amount: o.amount,
        leverage: input.leverage,
        // Placeholders until priced below (the row is ours alone inside this transaction).
        margin: '1',
        fee: '0',
        // The rate of what rests: a crossing order's taker part records its own fee (contract_fills).
        feeRate: input.type === 'market' || whole ? o.terms.takerFeeRate : o.terms.makerFeeRate,
        tp: o.tp,
        sl: o.sl,
        status: 'pending',
        clientOid: input.client_oid,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning()
    if (!row) return contractOrderView(await sameOrder(tx, who, o))
    await checkRiskLimits(tx, deps.marks, row, o.terms)
    let placed = row
    const filled: UserEventOf[] = []
    if (input.type === 'market' || crossing) {
      const fill = crossing ?? marketPrice(deps.market, o.terms, taker, o.amount, now, maxAgeMs)
      placed = await openAtMarket(deps, tx, row, o, now, fill, crossing?.amount ?? o.amount, filled)
    }
    if (placed.status === 'pending') placed = await freeze(tx, placed, o)
    await notifyAccount(tx, who.book, who.userId)
    // `placed`, then (when it took from the book at once) its fill, both as the order stands at commit, and the
    // position it opened.
    const events = [futuresOrderEvent('placed', placed)]
    if (placed.status === 'filled') events.push(futuresOrderEvent('filled', placed))
    else if (sign(parseDecimal(placed.filledAmount)) > 0) events.push(futuresOrderEvent('partially_filled', placed))
    await emitEvents(tx, [...events, ...filled.filter((e) => e.topic === 'positions')])
    return contractOrderView(placed)
  })
}

async function checkOrder(db: Db, input: ContractOrderPlaceInput): Promise<CheckedOrder> {
  const terms = await contractTerms(db, input.symbol)
  if (!terms) throw fieldError('symbol', 'marketUnknown')
  const pair = `${terms.base}/${terms.quote}`
  if (!terms.open) throw fieldError('symbol', 'contractNotOpen', { symbol: pair }, 'rejected')
  if (input.leverage < terms.minLeverage || input.leverage > terms.maxLeverage) {
    throw fieldError('leverage', 'leverageOutOfRange', { symbol: pair, min: terms.minLeverage, max: terms.maxLeverage })
  }
  const priceOf = (field: 'price' | 'tp' | 'sl', value: string) => {
    const p = parseDecimal(value)
    if (sign(p) <= 0) throw fieldError(field, 'priceNotPositive')
    if (scaleOf(p) > terms.pricePrecision) {
      throw fieldError(field, 'priceTooManyDecimals', { symbol: pair, scale: terms.pricePrecision })
    }
    return p
  }
  let price: DecimalString | null = null
  if (input.type === 'limit') {
    if (input.price === undefined) throw fieldError('price', 'priceRequired')
    price = priceOf('price', input.price)
  } else if (input.price !== undefined) {
    throw fieldError('price', 'priceNotForMarket')
  }
  const amount = parseDecimal(input.amount)
  if (sign(amount) <= 0) throw fieldError('amount', 'amountNotPositive')
  if (scaleOf(amount) > amountScale(terms)) {
    throw fieldError('amount', 'orderAmountPrecision', { symbol: pair, scale: terms.amountPrecision })
  }
  if (compare(amount, terms.minAmount) < 0) {
    throw fieldError('amount', 'orderBelowMinimum', { min: terms.minAmount, currency: terms.base })
  }
  const tp = input.tp === undefined ? null : priceOf('tp', input.tp)
  const sl = input.sl === undefined ? null : priceOf('sl', input.sl)
  // A limit order's triggers are checked against its own price now; a market order's once its fill price is known.
  if (price) checkTriggers(input.side, price, tp, sl)
  return { terms, input, price, amount, tp, sl }
}

/** Take-profit beyond the opening price and stop-loss before it, for the side. */
function checkTriggers(side: ContractSide, open: DecimalString, tp: DecimalString | null, sl: DecimalString | null) {
  if (tp) checkTrigger('tp', side, tp, open)
  if (sl) checkTrigger('sl', side, sl, open)
}

/** The order already placed under this client_oid when it is the same order; else `clientOidReused`. */
async function sameOrder(tx: Db, who: MoneyCaller, o: CheckedOrder): Promise<ContractOrderRow> {
  const [old] = await tx
    .select()
    .from(contractOrders)
    .where(
      and(
        eq(contractOrders.userId, who.userId),
        eq(contractOrders.book, who.book),
        eq(contractOrders.clientOid, o.input.client_oid),
      ),
    )
  const same =
    old &&
    old.symbol === o.terms.symbol &&
    old.side === o.input.side &&
    old.type === o.input.type &&
    old.leverage === o.input.leverage &&
    compare(parseDecimal(old.amount), o.amount) === 0 &&
    (old.price === null ? o.price === null : o.price !== null && compare(parseDecimal(old.price), o.price) === 0)
  if (!old || !same) throw fieldError('client_oid', 'clientOidReused', {}, 'rejected')
  return old
}

/**
 * Freezes the margin and maker fee of what is left of limit order `row` (all of it, or the rest after its taker part)
 * at its price; it stays pending.
 */
async function freeze(tx: Db, row: ContractOrderRow, o: CheckedOrder): Promise<ContractOrderRow> {
  const rest = subtract(o.amount, parseDecimal(row.filledAmount))
  const margin = initialMargin(rest, o.price!, o.input.leverage, o.terms.quote)
  const fee = tradeFee(rest, o.price!, o.terms.makerFeeRate, o.terms.quote)
  const held = add(margin, fee)
  const user = { userId: row.userId, wallet: 'contract' as const }
  await postTransaction(tx, {
    kind: 'contract_order',
    book: row.book,
    userId: row.userId,
    reference: `contract_order:${row.id}`,
    actor: `user:${row.userId}`,
    entries: [
      { owner: user, currency: o.terms.quote, bucket: 'available', amount: negate(held) },
      { owner: user, currency: o.terms.quote, bucket: 'frozen', amount: held },
    ],
  })
  const [after] = await tx.update(contractOrders).set({ margin, fee }).where(eq(contractOrders.id, row.id)).returning()
  return after!
}

/**
 * Opens the position of an order that fills now as a taker at `fill` (a market order, or what a crossing limit order
 * takes: `amount`), with the taker fee. Its triggers must lie beyond the fill price and not be reached by the mark
 * already.
 * @throws DomainError `takeProfit…`/`stopLoss…` (tp, sl), `tpslMarkStale` (tp or sl: no fresh mark to check them),
 *   `lackOfFunds` or `orderBelowMaintenance` (amount).
 */
async function openAtMarket(
  deps: ContractDeps,
  tx: Db,
  row: ContractOrderRow,
  o: CheckedOrder,
  now: Date,
  fill: BookPrice,
  amount: DecimalString,
  events: UserEventOf[],
): Promise<ContractOrderRow> {
  const { price, event } = fill
  checkTriggers(o.input.side, price, o.tp, o.sl)
  if (o.tp || o.sl) {
    const mark = deps.marks.mark(o.terms.symbol)
    const field = o.tp ? 'tp' : 'sl'
    const maxAgeMs = await priceMaxAgeMs(tx, o.terms.symbol)
    if (!mark || !isFresh(mark.event.ts, now, maxAgeMs))
      throw new DomainError('unavailable', 'tpslMarkStale', { field })
    if (o.tp) checkNotTriggered('tp', o.input.side, o.tp, mark.price, o.terms.pricePrecision)
    if (o.sl) checkNotTriggered('sl', o.input.side, o.sl, mark.price, o.terms.pricePrecision)
  }
  return applyFill(
    deps,
    tx,
    row,
    {
      amount,
      price,
      liquidity: 'taker',
      margin: initialMargin(amount, price, row.leverage, row.currency),
      fee: tradeFee(amount, price, o.terms.takerFeeRate, row.currency),
      held: false,
      event,
      now,
    },
    events,
  )
}
