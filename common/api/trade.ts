/**
 * Spot trading calls (issue 11; spec §3 "Spot order": direction, order type, quantity, price, fee, transaction amount,
 * status, entrust price and quantity, deal amount and volume, average price, create and deal times). The platform is
 * the counterparty at feed prices: a market order fills at once against the current book, a limit order waits with
 * its funds frozen until the feed trades through its price. Amounts are decimal strings; `amount` is always the base
 * quantity (BTC of BTC/USDT). Every fill names the feed event it used.
 */
import * as z from 'zod/mini'
import { MARKET_SOURCE_KINDS } from './public'
import { amountField } from './assets'

export const ORDER_SIDES = ['buy', 'sell'] as const
export type OrderSide = (typeof ORDER_SIDES)[number]
export const ORDER_TYPES = ['limit', 'market'] as const
export type OrderType = (typeof ORDER_TYPES)[number]
/**
 * Order states. Legal moves: pending → partially_filled | filled | cancelled; partially_filled → filled | cancelled
 * (its filled part stays). A market order is filled at placement or refused with a message (no order row); `rejected`
 * is kept for orders the platform turns down after accepting them.
 */
export const ORDER_STATES = ['pending', 'partially_filled', 'filled', 'cancelled', 'rejected'] as const
export type OrderState = (typeof ORDER_STATES)[number]
/** States of an order that can still fill or be cancelled. */
export const OPEN_ORDER_STATES = ['pending', 'partially_filled'] as const satisfies readonly OrderState[]

/** The client's own id of an order: placing twice with the same one places once. */
export const CLIENT_OID = /^[A-Za-z0-9_-]{1,64}$/

const money = z.string()
const symbolField = z.string().check(z.regex(/^[a-z0-9]{2,20}$/))

/** POST trade/order_place (Idempotency-Key): `price` for limit orders only. */
export const orderPlaceInput = z.object({
  symbol: symbolField,
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  price: z.optional(amountField),
  amount: amountField,
  client_oid: z.string().check(z.regex(CLIENT_OID)),
})
export type OrderPlaceInput = z.infer<typeof orderPlaceInput>

/**
 * The feed event a fill used: where prices came from (`replay` and `sim` are not live), the topic, the event time
 * (ms), the price, and the event's own id (`trade:<tradeId>` or `book:<version>`); `recorded` says whether a replayed
 * trade or book was recorded (true) or derived from candles (false); null for the live relay.
 */
export const feedEventSchema = z.object({
  source: z.enum(MARKET_SOURCE_KINDS),
  topic: z.string(),
  ts: z.int(),
  price: money,
  ref: z.string(),
  recorded: z.nullable(z.boolean()),
})
export type FeedEvent = z.infer<typeof feedEventSchema>

/** One fill: price (quote), amount (base), fee in `fee_currency` (the currency received), `created_at` UTC. */
export const fillSchema = z.object({
  price: money,
  amount: money,
  fee: money,
  fee_currency: z.string(),
  created_at: z.string(),
  feed_event: feedEventSchema,
})
export type Fill = z.infer<typeof fillSchema>

/** An order as lists show it. `entrust_price` null for market orders; `avg_price` null before a fill. */
export const orderSchema = z.object({
  id: z.int(),
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  entrust_price: z.nullable(money),
  entrust_amount: money,
  /** Filled base quantity. */
  deal_amount: money,
  /** Filled value in the quote currency (Σ price × amount). */
  deal_volume: money,
  avg_price: z.nullable(money),
  fee: money,
  fee_currency: z.string(),
  status: z.enum(ORDER_STATES),
  client_oid: z.string(),
  created_at: z.string(),
  /** Time of the last fill; null before any. */
  deal_at: z.nullable(z.string()),
})
export type Order = z.infer<typeof orderSchema>

/** GET trade/order_detail: the order with every fill. */
export const orderDetailSchema = z.extend(orderSchema, { fills: z.array(fillSchema) })
export type OrderDetail = z.infer<typeof orderDetailSchema>

/** GET trade/order_list: `open` (pending, partially filled) or `history` (the rest), newest first. */
export const orderListQuery = z.object({
  state: z.enum(['open', 'history']),
  symbol: z.optional(symbolField),
  page: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100_000))), 1),
  limit: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(50))), 20),
})
export type OrderListQuery = z.infer<typeof orderListQuery>

export const orderListSchema = z.object({
  list: z.array(orderSchema),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
})

/**
 * POST admin/market_trade_config: a market's trading terms. Rates are fractions (0.002 = 0.2 %); `min_amount` in the
 * base currency; `slippage_cap` the farthest a market order may fill from the best price, as a fraction of it;
 * `price_precision`/`amount_precision` the decimals orders may carry (left as they are when absent);
 * `price_max_age_ms` the oldest feed price that may move money on the market, 100–60,000 ms (left as it is when
 * absent, null for the default of 2,000 ms).
 */
export const marketTradeConfigInput = z.object({
  symbol: symbolField,
  taker_fee_rate: amountField,
  maker_fee_rate: amountField,
  min_amount: amountField,
  slippage_cap: amountField,
  spot_open: z.boolean(),
  micro_open: z.boolean(),
  price_precision: z.optional(z.int().check(z.minimum(0), z.maximum(12))),
  amount_precision: z.optional(z.int().check(z.minimum(0), z.maximum(12))),
  price_max_age_ms: z.optional(z.nullable(z.int().check(z.minimum(100), z.maximum(60_000)))),
})
export type MarketTradeConfigInput = z.infer<typeof marketTradeConfigInput>

/** GET trade/market_config: the trading terms of one market (public: the order form shows fees and limits). */
export const marketConfigQuery = z.object({ symbol: symbolField })

/** A market's trading terms as saved. */
export const marketTradeConfigSchema = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  taker_fee_rate: money,
  maker_fee_rate: money,
  min_amount: money,
  slippage_cap: money,
  spot_open: z.boolean(),
  micro_open: z.boolean(),
  price_precision: z.int(),
  amount_precision: z.int(),
  /** The oldest feed price that may move money on this market, ms (market orders, crossing limits, marks…). */
  price_max_age_ms: z.int(),
})
export type MarketTradeConfig = z.infer<typeof marketTradeConfigSchema>
