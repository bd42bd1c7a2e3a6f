/**
 * Second-contract orders: placing one (the stake frozen and the fee paid from the options wallet of the caller's
 * book; the open price the first fresh feed price received after the order is accepted, next-price.ts, refused when
 * none comes within the market's maximum price age, freshness.ts), and reading them. Settlement is settler.ts, an
 * operator's void void.ts.
 */
import { and, count, desc, eq, ne } from 'drizzle-orm'
import {
  add,
  currencyScale,
  divide,
  feedDecimal,
  multiply,
  negate,
  parseDecimal,
  round,
  scaleOf,
  sign,
  compare,
} from '../../../common/amount'
import type { MicroOrder, MicroOrderListQuery, MicroPlaceInput } from '../../../common/api/micro'
import type { OrderEventKind } from '../../../common/api/stream'
import type { Book } from '../../../common/api/user-info'
import type { Db } from '../../db/client'
import { formatUtc } from '../../db/announcements'
import { markets, microOrders } from '../../db/schema'
import { DomainError, notFound } from '../../domain/errors'
import { runOnce } from '../../ledger/idempotent'
import { postTransaction, type Entry } from '../../ledger/post'
import type { MarketService } from '../../market/types'
import { fieldError } from '../../money/amounts'
import { emitEvents } from '../../stream/events'
import { orderEvent, type UserEventOf } from '../../stream/trading-events'
import type { MoneyCaller } from '../../money/deposits'
import { priceMaxAgeMs } from '../freshness'
import { refuseUnlessLive } from '../live-only'
import { nextPrice } from './next-price'
import { productOf } from './products'

export type MicroRow = typeof microOrders.$inferSelect

const d = parseDecimal
const text = (v: string | null) => (v === null ? null : String(d(v)))

/** The `orders` event `event` of second contract `r` (kind `micro`, its `order` as `microView` shows it). */
export function microOrderEvent(event: OrderEventKind, r: MicroRow): UserEventOf {
  return orderEvent(r.userId, r.book, event, 'micro', r.symbol, microView(r))
}

/** The `settled` event of second contract `r` once it ended (won, lost, tied or voided: its `status` says). */
export const microSettledEvent = (r: MicroRow) => microOrderEvent('settled', r)

/** An order as the calls answer it. */
export function microView(r: MicroRow): MicroOrder {
  const pnl = r.pnl === null ? null : d(r.pnl)
  return {
    id: r.id,
    symbol: r.symbol,
    direction: r.direction,
    duration_s: r.durationS,
    amount: String(d(r.amount)),
    currency: r.currency,
    fee: String(d(r.fee)),
    payout_rate: String(d(r.payoutRate)),
    open_price: String(d(r.openPrice)),
    open_ts: r.openTs.getTime(),
    delivery_at: formatUtc(r.deliveryAt),
    close_price: text(r.closePrice),
    close_ts: r.closeTs ? r.closeTs.getTime() : null,
    status: r.status,
    void_reason: r.voidReason,
    pnl: pnl === null ? null : String(pnl),
    percentage: pnl === null ? null : String(divide(multiply(pnl, d('100')), d(r.amount), 2, 'half-up')),
    client_oid: r.clientOid,
    created_at: formatUtc(r.createdAt),
    settled_at: r.settledAt ? formatUtc(r.settledAt) : null,
  }
}

/**
 * Places a second contract for the caller's book. Once its fields are checked the order is accepted, and it opens at
 * the first fresh price of its symbol received after that (waiting at most the market's maximum price age, no
 * transaction held); its delivery is the duration after that price arrived.
 * @throws DomainError naming the field: `marketUnknown`/`microNotOpen`/`liveTradingPaused` (symbol);
 *   `microDurationUnknown` (duration_s); `amountNotPositive`, `amountTooManyDecimals`, `microBelowMinimum`,
 *   `lackOfFunds` (amount); `priceStale` (symbol: no fresh price in time); `clientOidReused` (client_oid);
 *   `idempotencyKeyReused`.
 */
export async function placeMicro(
  deps: {
    db: Db
    market: Pick<MarketService, 'source' | 'onEvent'> & Partial<Pick<MarketService, 'liveTradingOnTestFeed'>>
    now?: () => Date
  },
  who: MoneyCaller,
  input: MicroPlaceInput,
): Promise<MicroOrder> {
  const found = await productOf(deps.db, input.symbol, input.duration_s)
  if (!found) {
    const [market] = await deps.db.select().from(markets).where(eq(markets.symbol, input.symbol))
    if (!market) throw fieldError('symbol', 'marketUnknown')
    const pair = `${market.base}/${market.quote}`
    throw fieldError('duration_s', 'microDurationUnknown', { symbol: pair, duration: input.duration_s })
  }
  const { p, quote } = found
  if (!found.open || !p.enabled) {
    throw fieldError('symbol', 'microNotOpen', { symbol: `${found.base}/${quote}` }, 'rejected')
  }
  const amount = d(input.amount)
  if (sign(amount) <= 0) throw fieldError('amount', 'amountNotPositive')
  if (scaleOf(amount) > currencyScale(quote)) {
    throw fieldError('amount', 'amountTooManyDecimals', { currency: quote, scale: currencyScale(quote) })
  }
  if (compare(amount, d(p.minAmount)) < 0) {
    throw fieldError('amount', 'microBelowMinimum', { min: String(d(p.minAmount)), currency: quote })
  }
  refuseUnlessLive(deps.market, who.book)
  const clock = () => (deps.now?.() ?? new Date()).getTime()
  const maxAgeMs = await priceMaxAgeMs(deps.db, input.symbol)
  // Accepted: from here on, the first fresh price received opens it.
  const now = new Date(clock())
  const open = await nextPrice(deps.market, input.symbol, maxAgeMs, clock)
  if (!open) throw new DomainError('unavailable', 'priceStale', { field: 'symbol' })
  const fee = round(multiply(amount, d(p.feeRate)), currencyScale(quote), 'up')
  const payload = { ...input, amount, book: who.book }
  return runOnce(deps.db, { userId: who.userId, key: who.key, call: 'micro/order_place', payload }, async (tx) => {
    const [row] = await tx
      .insert(microOrders)
      .values({
        userId: who.userId,
        book: who.book,
        symbol: input.symbol,
        currency: quote,
        direction: input.direction,
        durationS: input.duration_s,
        amount,
        fee,
        payoutRate: p.payoutRate,
        openPrice: feedDecimal(open.price)!,
        openTs: new Date(open.ts),
        openSource: deps.market.source,
        deliveryAt: new Date(open.receivedAt + input.duration_s * 1000),
        status: 'open',
        clientOid: input.client_oid,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning()
    if (!row) return microView(await sameOrder(tx, who, input, amount))
    const user = { userId: who.userId, wallet: 'option' as const }
    const entries: Entry[] = [
      { owner: user, currency: quote, bucket: 'available', amount: negate(add(amount, fee)) },
      { owner: user, currency: quote, bucket: 'frozen', amount },
    ]
    if (sign(fee) > 0) entries.push({ owner: { system: 'fees' }, currency: quote, bucket: 'available', amount: fee })
    await postTransaction(tx, {
      kind: 'micro_order',
      book: who.book,
      userId: who.userId,
      reference: `micro:${row.id}`,
      actor: `user:${who.userId}`,
      entries,
    })
    await emitEvents(tx, [microOrderEvent('placed', row)])
    return microView(row)
  })
}

async function sameOrder(tx: Db, who: MoneyCaller, input: MicroPlaceInput, amount: string): Promise<MicroRow> {
  const [old] = await tx
    .select()
    .from(microOrders)
    .where(
      and(
        eq(microOrders.userId, who.userId),
        eq(microOrders.book, who.book),
        eq(microOrders.clientOid, input.client_oid),
      ),
    )
  const same =
    old &&
    old.symbol === input.symbol &&
    old.direction === input.direction &&
    old.durationS === input.duration_s &&
    compare(d(old.amount), d(amount)) === 0
  if (!old || !same) throw fieldError('client_oid', 'clientOidReused', {}, 'rejected')
  return old
}

/** The caller's second contracts of `book`, open or settled (both when not given), newest first. */
export async function listMicro(db: Db, userId: number, book: Book, q: MicroOrderListQuery) {
  const where = and(
    eq(microOrders.userId, userId),
    eq(microOrders.book, book),
    q.state === 'open'
      ? eq(microOrders.status, 'open')
      : q.state === 'settled'
        ? ne(microOrders.status, 'open')
        : undefined,
  )
  const rows = await db
    .select()
    .from(microOrders)
    .where(where)
    .orderBy(desc(microOrders.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
  const [total] = await db.select({ n: count() }).from(microOrders).where(where)
  return { list: rows.map(microView), total: total?.n ?? 0, page: q.page, limit: q.limit }
}

/**
 * One of the caller's second contracts.
 * @throws DomainError not_found `orderNotFound` (id)
 */
export async function microDetail(db: Db, userId: number, book: Book, id: number): Promise<MicroOrder> {
  const [r] = await db
    .select()
    .from(microOrders)
    .where(and(eq(microOrders.id, id), eq(microOrders.userId, userId), eq(microOrders.book, book)))
  if (!r) throw notFound('orderNotFound', 'id')
  return microView(r)
}
