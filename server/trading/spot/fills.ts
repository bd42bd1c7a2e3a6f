/**
 * One fill of a spot order, applied inside the caller's database transaction: the order row moves on by a
 * conditional update (still open, still at the filled amount read), the fill is recorded with its feed event, and the
 * money moves in one balanced ledger transaction against the platform's counterparty account, the fee to the fees
 * account.
 *
 * Rounding is cumulative per order, so the parts of an order add up to what the whole would be: a buyer pays
 * ⌈Σ price × amount⌉ at the quote currency's scale (the frozen amount of a limit buy exactly), a seller receives
 * ⌊Σ price × amount⌋; fees are taken in the currency received (as HTX and Binance do) and are ⌈rate × received⌉ in
 * all, each fill paying the difference. A limit order that crossed the book when placed took part as a taker
 * (`taker_amount`, `taker_quote`, `taker_fee`, at the taker rate) and the rest at its `fee_rate` (maker): each part's
 * fee is rounded cumulatively on its own, so the taker part pays ⌈taker rate × its part⌉ and the resting part
 * ⌈maker rate × its part⌉. Funds come from `frozen` for a limit order and from `available` for a market order (which
 * never rests).
 */
import { and, eq, inArray } from 'drizzle-orm'
import {
  add,
  compare,
  currencyScale,
  multiply,
  negate,
  parseDecimal,
  round,
  sign,
  subtract,
  type DecimalString,
} from '../../../common/amount'
import type { MarketSourceKind } from '../../../common/api/public'
import { OPEN_ORDER_STATES } from '../../../common/api/trade'
import type { Db } from '../../db/client'
import { spotFills, spotOrders } from '../../db/schema'
import { postTransaction, type Entry } from '../../ledger/post'

export type OrderRow = typeof spotOrders.$inferSelect

/** The feed event a fill used (common/api/trade FeedEvent, with exact price and a Date). */
export interface FeedEventRecord {
  source: MarketSourceKind
  topic: string
  /** Event time, epoch ms. */
  ts: number
  price: DecimalString
  /** `trade:<tradeId>` or `book:<version>`. */
  ref: string
  recorded: boolean | null
}

/** What fills: `amount` (base) at `price` (quote), citing `event`. */
export interface FillInput {
  price: DecimalString
  amount: DecimalString
  event: FeedEventRecord
}

const d = (v: string) => parseDecimal(v)
const pos = (v: DecimalString) => sign(v) > 0

/** The money of one fill: what the user gives and gets, and the fee (in the currency received). */
export interface FillMoney {
  /** Quote paid (buy) or base given (sell). */
  give: DecimalString
  /** Base (buy) or quote (sell) before the fee. */
  gross: DecimalString
  fee: DecimalString
  /** The exact Σ price × amount of the order after this fill. */
  quoteAfter: DecimalString
}

/**
 * The money of filling `f` on top of what the order filled so far (cumulative rounding, see the header).
 * @param order the order as read: side, fee rate, currencies, filled amount, exact filled quote and fee so far, and
 *   its taker part (all 0 for an order that never crossed)
 */
export function fillMoney(
  order: Pick<
    OrderRow,
    | 'side'
    | 'base'
    | 'quote'
    | 'feeRate'
    | 'filledQuote'
    | 'filledAmount'
    | 'fee'
    | 'takerAmount'
    | 'takerQuote'
    | 'takerFee'
  >,
  f: Pick<FillInput, 'price' | 'amount'>,
): FillMoney {
  const qs = currencyScale(order.quote)
  const bs = currencyScale(order.base)
  const rate = d(order.feeRate)
  const quoteBefore = d(order.filledQuote)
  const quoteAfter = add(quoteBefore, multiply(f.price, f.amount))
  // The fee of the part at `fee_rate` so far: what the taker part paid is not counted again.
  const feeBefore = subtract(d(order.fee), d(order.takerFee))
  if (order.side === 'buy') {
    const give = subtract(round(quoteAfter, qs, 'up'), round(quoteBefore, qs, 'up'))
    const baseAfter = subtract(add(d(order.filledAmount), f.amount), d(order.takerAmount))
    const fee = subtract(round(multiply(baseAfter, rate), bs, 'up'), feeBefore)
    return { give, gross: f.amount, fee: compare(fee, f.amount) > 0 ? f.amount : fee, quoteAfter }
  }
  const gross = subtract(round(quoteAfter, qs, 'down'), round(quoteBefore, qs, 'down'))
  const received = subtract(round(quoteAfter, qs, 'down'), round(d(order.takerQuote), qs, 'down'))
  const fee = subtract(round(multiply(received, rate), qs, 'up'), feeBefore)
  return { give: f.amount, gross, fee: compare(fee, gross) > 0 ? gross : fee, quoteAfter }
}

/**
 * Applies one fill to `order` in `tx`. Answers the order after it, or undefined when the order is no longer as read
 * (filled or cancelled meanwhile, by another process or request): nothing is written then.
 * @throws DomainError `lackOfFunds` (from the ledger) when a market order's funds are not there
 */
export async function applyFill(tx: Db, order: OrderRow, f: FillInput, now: Date): Promise<OrderRow | undefined> {
  const m = fillMoney(order, f)
  const amountAfter = add(d(order.filledAmount), f.amount)
  const done = compare(amountAfter, d(order.amount)) >= 0
  const fromFrozen = order.type === 'limit'
  const frozenAfter = fromFrozen ? subtract(d(order.frozen), m.give) : d(order.frozen)
  const [updated] = await tx
    .update(spotOrders)
    .set({
      filledAmount: amountAfter,
      filledQuote: m.quoteAfter,
      fee: add(d(order.fee), m.fee),
      frozen: frozenAfter,
      status: done ? 'filled' : 'partially_filled',
      dealAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(spotOrders.id, order.id),
        eq(spotOrders.filledAmount, order.filledAmount),
        inArray(spotOrders.status, [...OPEN_ORDER_STATES]),
      ),
    )
    .returning()
  if (!updated) return undefined
  const [fill] = await tx
    .insert(spotFills)
    .values({
      orderId: order.id,
      price: f.price,
      amount: f.amount,
      quoteAmount: order.side === 'buy' ? m.give : m.gross,
      fee: m.fee,
      feedSource: f.event.source,
      feedTopic: f.event.topic,
      feedTs: new Date(f.event.ts),
      feedPrice: f.event.price,
      feedRef: f.event.ref,
      feedRecorded: f.event.recorded,
    })
    .returning({ id: spotFills.id })
  const [giveCcy, getCcy] = order.side === 'buy' ? [order.quote, order.base] : [order.base, order.quote]
  const user = { userId: order.userId, wallet: 'spot' as const }
  const all: Entry[] = [
    { owner: user, currency: giveCcy, bucket: fromFrozen ? 'frozen' : 'available', amount: negate(m.give) },
    { owner: { system: 'counterparty' }, currency: giveCcy, bucket: 'available', amount: m.give },
    { owner: { system: 'counterparty' }, currency: getCcy, bucket: 'available', amount: negate(m.gross) },
    { owner: user, currency: getCcy, bucket: 'available', amount: subtract(m.gross, m.fee) },
    { owner: { system: 'fees' }, currency: getCcy, bucket: 'available', amount: m.fee },
  ]
  // A fee or a rounding difference of 0 is no entry.
  const entries = all.filter((e) => sign(e.amount) !== 0)
  await postTransaction(tx, {
    kind: 'spot_fill',
    book: order.book,
    userId: order.userId,
    reference: `fill:${fill!.id}`,
    actor: 'system',
    entries,
  })
  // A buy filled at better than its limit leaves part of its frozen quote: given back with the last fill.
  if (done && pos(d(updated.frozen))) return release(tx, updated, now)
  return updated
}

/**
 * Gives back what an order still holds frozen (cancelled, or filled with some left) and sets its `frozen` to 0.
 * The caller holds the order's row (conditional update or FOR UPDATE) in `tx`.
 */
export async function release(tx: Db, order: OrderRow, now: Date): Promise<OrderRow> {
  const held = d(order.frozen)
  const [after] = await tx
    .update(spotOrders)
    .set({ frozen: d('0'), updatedAt: now })
    .where(eq(spotOrders.id, order.id))
    .returning()
  if (pos(held)) {
    const currency = order.side === 'buy' ? order.quote : order.base
    const user = { userId: order.userId, wallet: 'spot' as const }
    await postTransaction(tx, {
      kind: 'spot_release',
      book: order.book,
      userId: order.userId,
      reference: `order:${order.id}`,
      actor: 'system',
      entries: [
        { owner: user, currency, bucket: 'frozen', amount: negate(held) },
        { owner: user, currency, bucket: 'available', amount: held },
      ],
    })
  }
  return after!
}
