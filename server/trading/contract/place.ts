/**
 * Opening a futures position (issue 12 part 1). Checks come first and name their field; then, in one database
 * transaction once per Idempotency-Key and once per `client_oid`, under the account's lock:
 * - a market order fills at once against the current book (book-walk.ts: a long takes the asks, a short the bids),
 *   at the walk's VWAP, citing the book it used; the book must be fresh (freshness.ts, issue 21 part 3); its margin
 *   (notional / leverage) is frozen and the taker fee paid;
 * - a limit order that crosses the book (a long at or above the best ask, a short at or below the best bid) executes
 *   at once as a taker when the book's levels within its price cover its whole amount (issue 21 part 4; no partial
 *   executions: otherwise it rests);
 * - a resting limit order freezes its margin and maker fee at its price and waits (entrusts.ts fills it from feed
 *   prints, at most the size printed).
 * Take-profit and stop-loss must lie on the right side of the opening price, and for an order that fills at once the
 * mark must not have reached them already (Binance -2021 "Order would immediately trigger"). An order that would leave
 * the account at or below its maintenance margin is refused, as is one the available balance cannot cover ("Lack of
 * funds").
 */
import { and, eq } from 'drizzle-orm'
import {
  add,
  compare,
  currencyScale,
  negate,
  parseDecimal,
  scaleOf,
  sign,
  type DecimalString,
} from '../../../common/amount'
import type { ContractOrder, ContractOrderPlaceInput, ContractSide } from '../../../common/api/contract'
import type { FeedEvent } from '../../../common/api/trade'
import { accountFigures, initialMargin, isLiquidatable, tradeFee } from '../../../common/trading/contract-math'
import type { Db } from '../../db/client'
import { contractOrders, contractPositions } from '../../db/schema'
import { DomainError } from '../../domain/errors'
import { runOnce } from '../../ledger/idempotent'
import { postTransaction } from '../../ledger/post'
import type { MarketService } from '../../market/types'
import { fieldError } from '../../money/amounts'
import type { MoneyCaller } from '../../money/deposits'
import { isFresh, priceMaxAgeMs } from '../freshness'
import { contractWallet, lockAccount, notifyAccount, openPositions } from './account'
import { crossingPrice, marketPrice, PRICE_MAX_SCALE, type BookPrice } from './book-price'
import { contractTerms, type ContractTerms } from './config'
import type { MarkBoard } from './marks'
import { checkRiskLimits, maintenanceAtOpen } from './risk-limits'
import { checkNotTriggered, checkTrigger } from './triggers'
import { contractOrderView, figuresOf, type ContractOrderRow } from './views'
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
  // A crossing limit order takes the book now (a snapshot of the in-memory book, read once).
  const crossing = o.price ? crossingPrice(deps.market, o.terms, taker, o.amount, o.price, now, maxAgeMs) : undefined
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
        feeRate: input.type === 'market' || crossing ? o.terms.takerFeeRate : o.terms.makerFeeRate,
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
    const placed =
      input.type === 'market' || crossing
        ? await openAtMarket(
            deps,
            tx,
            row,
            o,
            now,
            crossing ?? marketPrice(deps.market, o.terms, taker, o.amount, now, maxAgeMs),
          )
        : await freeze(tx, row, o)
    await notifyAccount(tx, who.book, who.userId)
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
  if (scaleOf(amount) > Math.min(terms.amountPrecision, currencyScale(terms.base), PRICE_MAX_SCALE)) {
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

/** Freezes a limit order's margin and maker fee at its price; it stays pending. */
async function freeze(tx: Db, row: ContractOrderRow, o: CheckedOrder): Promise<ContractOrderRow> {
  const margin = initialMargin(o.amount, o.price!, o.input.leverage, o.terms.quote)
  const fee = tradeFee(o.amount, o.price!, o.terms.makerFeeRate, o.terms.quote)
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
 * Opens the position of an order that fills now as a taker at `fill` (a market order, or a crossing limit order), with
 * the taker fee. Its triggers must lie beyond the fill price and not be reached by the mark already.
 * @throws DomainError `takeProfit…`/`stopLoss…` (tp, sl), `tpslMarkStale` (tp or sl: no fresh mark to check them).
 */
async function openAtMarket(
  deps: ContractDeps,
  tx: Db,
  row: ContractOrderRow,
  o: CheckedOrder,
  now: Date,
  fill: BookPrice,
): Promise<ContractOrderRow> {
  const { price, event } = fill
  checkTriggers(o.input.side, price, o.tp, o.sl)
  if (o.tp || o.sl) {
    const mark = deps.marks.mark(o.terms.symbol)
    const field = o.tp ? 'tp' : 'sl'
    const maxAgeMs = await priceMaxAgeMs(tx, o.terms.symbol)
    if (!mark || !isFresh(mark.event.ts, now, maxAgeMs))
      throw new DomainError('unavailable', 'tpslMarkStale', { field })
    if (o.tp) checkNotTriggered('tp', o.input.side, o.tp, mark.price)
    if (o.sl) checkNotTriggered('sl', o.input.side, o.sl, mark.price)
  }
  return openPosition(deps, tx, row, { price, feeRate: o.terms.takerFeeRate, event, now, held: null })
}

/** How an order opens its position. */
export interface OpenTerms {
  price: DecimalString
  feeRate: DecimalString
  event: FeedEvent
  now: Date
  /** What a filled limit order had frozen (margin + fee at its price), or null for a market order. */
  held: { margin: DecimalString; fee: DecimalString } | null
}

/**
 * Opens the position of order `row` at `t.price` in `tx` (under the account lock): books the margin and the fee,
 * refuses an account that would end at or below its maintenance margin, records the position and fills the order.
 * @throws DomainError `lackOfFunds` or `orderBelowMaintenance` naming `amount`.
 */
export async function openPosition(
  deps: Pick<ContractDeps, 'marks'>,
  tx: Db,
  row: ContractOrderRow,
  t: OpenTerms,
): Promise<ContractOrderRow> {
  const amount = parseDecimal(row.amount)
  const margin = t.held?.margin ?? initialMargin(amount, t.price, row.leverage, row.currency)
  const fee = t.held?.fee ?? tradeFee(amount, t.price, t.feeRate, row.currency)
  const user = { userId: row.userId, wallet: 'contract' as const }
  const terms = (await contractTerms(tx, row.symbol))!
  const [position] = await tx
    .insert(contractPositions)
    .values({
      userId: row.userId,
      book: row.book,
      symbol: row.symbol,
      currency: row.currency,
      side: row.side,
      amount,
      leverage: row.leverage,
      margin,
      openPrice: t.price,
      openFee: fee,
      ...(await maintenanceAtOpen(tx, row, amount, t.price, terms)),
      closeFeeRate: terms.takerFeeRate,
      tp: row.tp,
      sl: row.sl,
      status: 'open',
      orderId: row.id,
      openedAt: t.now,
    })
    .returning()
  const fees = { owner: { system: 'fees' as const }, currency: row.currency, bucket: 'available' as const, amount: fee }
  await postTransaction(tx, {
    kind: 'contract_open',
    book: row.book,
    userId: row.userId,
    reference: `contract_order:${row.id}`,
    actor: t.held ? 'system' : `user:${row.userId}`,
    entries: (t.held
      ? [{ owner: user, currency: row.currency, bucket: 'frozen' as const, amount: negate(fee) }, fees]
      : [
          { owner: user, currency: row.currency, bucket: 'available' as const, amount: negate(add(margin, fee)) },
          { owner: user, currency: row.currency, bucket: 'frozen' as const, amount: margin },
          fees,
        ]
    ).filter((e) => sign(e.amount) !== 0),
  })
  await refuseBelowMaintenance(deps, tx, row)
  const [after] = await tx
    .update(contractOrders)
    .set({
      status: 'filled',
      margin,
      fee,
      fillPrice: t.price,
      positionId: position!.id,
      filledAt: t.now,
      feedSource: t.event.source,
      feedTopic: t.event.topic,
      feedTs: new Date(t.event.ts),
      feedPrice: t.event.price,
      feedRef: t.event.ref,
      feedRecorded: t.event.recorded,
    })
    .where(eq(contractOrders.id, row.id))
    .returning()
  return after!
}

/** Refuses (rolls back) an opening that leaves the account liquidatable at the current marks. */
async function refuseBelowMaintenance(deps: Pick<ContractDeps, 'marks'>, tx: Db, row: ContractOrderRow) {
  const wallet = await contractWallet(tx, row.book, row.userId)
  const positions = await openPositions(tx, row.book, row.userId)
  const figures = accountFigures(
    wallet.available,
    positions.map((p) => figuresOf(p, deps.marks.mark(p.symbol)?.price)),
  )
  if (isLiquidatable(figures, positions.length)) throw fieldError('amount', 'orderBelowMaintenance', {}, 'rejected')
}
