/**
 * Trading tables (issue 11, DESIGN §4 Trading models). Orders and fills are records; the money they move goes through
 * server/ledger like every balance change. Amounts are NUMERIC(38,18) as in schema-ledger.ts.
 */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { MarketSourceKind } from '../../common/api/public'
import type { MicroDirection, MicroState, MicroVoidReason } from '../../common/api/micro'
import type { OrderSide, OrderState, OrderType } from '../../common/api/trade'
import type { Book } from '../../common/api/user-info'
import { users } from './schema-accounts'
import { amount, at } from './schema-ledger'

/**
 * What an operator sets per market for trading (POST admin/market_trade_config); a market without a row trades with
 * the defaults of server/trading/spot/config.ts. Fee rates are fractions (0.002 = 0.2 %), `slippage_cap` the farthest
 * a market order may fill from the best price, as a fraction of it; `min_amount` in the base currency;
 * `price_max_age_ms` the oldest feed price that may move money on this market (null: DEFAULT_PRICE_MAX_AGE_MS of
 * server/trading/freshness.ts, 2 s).
 */
export const marketTradeConfig = pgTable(
  'market_trade_config',
  {
    symbol: text('symbol').primaryKey(),
    takerFeeRate: amount('taker_fee_rate').notNull(),
    makerFeeRate: amount('maker_fee_rate').notNull(),
    minAmount: amount('min_amount').notNull(),
    slippageCap: amount('slippage_cap').notNull(),
    spotOpen: boolean('spot_open').notNull(),
    microOpen: boolean('micro_open').notNull(),
    priceMaxAgeMs: integer('price_max_age_ms'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('market_trade_config_price_max_age', sql`${t.priceMaxAgeMs} is null or ${t.priceMaxAgeMs} > 0`),
    check(
      'market_trade_config_rates',
      sql`${t.takerFeeRate} >= 0 and ${t.takerFeeRate} < 1 and ${t.makerFeeRate} >= 0 and ${t.makerFeeRate} < 1 and ${t.slippageCap} > 0 and ${t.slippageCap} < 1 and ${t.minAmount} >= 0`,
    ),
  ],
)

/**
 * A spot order. `frozen` is what it still holds (quote for a limit buy, base for a limit sell); `filled_amount` and
 * `filled_quote` add up its fills, `fee` their fees in `fee_currency` (the currency the user receives). A limit order
 * that crossed the book when placed took `taker_amount` (base), `taker_quote` (exact Σ price × amount) and paid
 * `taker_fee` at the taker rate then; `fee_rate` is the rate of the rest of its fills (the maker rate once it rests).
 */
export const spotOrders = pgTable(
  'spot_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    book: text('book').$type<Book>().notNull(),
    symbol: text('symbol').notNull(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    side: text('side').$type<OrderSide>().notNull(),
    type: text('type').$type<OrderType>().notNull(),
    price: amount('price'),
    amount: amount('amount').notNull(),
    filledAmount: amount('filled_amount').notNull().default('0'),
    filledQuote: amount('filled_quote').notNull().default('0'),
    fee: amount('fee').notNull().default('0'),
    feeCurrency: text('fee_currency').notNull(),
    feeRate: amount('fee_rate').notNull(),
    frozen: amount('frozen').notNull().default('0'),
    takerAmount: amount('taker_amount').notNull().default('0'),
    takerQuote: amount('taker_quote').notNull().default('0'),
    takerFee: amount('taker_fee').notNull().default('0'),
    status: text('status').$type<OrderState>().notNull(),
    clientOid: text('client_oid').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    dealAt: at('deal_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('spot_orders_client_oid').on(t.userId, t.book, t.clientOid),
    index('spot_orders_user').on(t.userId, t.book, t.id),
    // The matcher's question for every feed trade: open limit orders of this symbol.
    index('spot_orders_open')
      .on(t.symbol, t.side, t.price)
      .where(sql`${t.status} in ('pending', 'partially_filled')`),
    check('spot_orders_side', sql`${t.side} in ('buy', 'sell')`),
    check('spot_orders_type', sql`${t.type} in ('limit', 'market')`),
    check('spot_orders_status', sql`${t.status} in ('pending', 'partially_filled', 'filled', 'cancelled', 'rejected')`),
    check(
      'spot_orders_amounts',
      sql`${t.amount} > 0 and ${t.filledAmount} >= 0 and ${t.filledAmount} <= ${t.amount} and ${t.frozen} >= 0`,
    ),
    check('spot_orders_limit_price', sql`(${t.type} = 'limit') = (${t.price} is not null)`),
  ],
)

/**
 * One fill of an order, with the feed event it used: source, topic, event time (ms), price, the event's id
 * (`trade:<tradeId>` or `book:<version>`) and whether a replayed event was recorded or derived. A feed trade fills an
 * order at most once (unique order + event).
 */
export const spotFills = pgTable(
  'spot_fills',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => spotOrders.id),
    price: amount('price').notNull(),
    amount: amount('amount').notNull(),
    /** price × amount in the quote currency, at its scale. */
    quoteAmount: amount('quote_amount').notNull(),
    fee: amount('fee').notNull(),
    feedSource: text('feed_source').$type<MarketSourceKind>().notNull(),
    feedTopic: text('feed_topic').notNull(),
    feedTs: at('feed_ts').notNull(),
    feedPrice: amount('feed_price').notNull(),
    feedRef: text('feed_ref').notNull(),
    feedRecorded: boolean('feed_recorded'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('spot_fills_order').on(t.orderId, t.id),
    uniqueIndex('spot_fills_order_event').on(t.orderId, t.feedRef, t.price),
    // The matcher's question for every print: how much of it resting orders already took.
    index('spot_fills_feed_ref').on(t.feedRef),
    check('spot_fills_positive', sql`${t.price} > 0 and ${t.amount} > 0 and ${t.fee} >= 0`),
  ],
)

/** A second-contract product: a market and a duration, with its payout rate, smallest stake and fee rate. */
export const microProducts = pgTable(
  'micro_products',
  {
    id: serial('id').primaryKey(),
    symbol: text('symbol').notNull(),
    durationS: integer('duration_s').notNull(),
    payoutRate: amount('payout_rate').notNull(),
    minAmount: amount('min_amount').notNull(),
    feeRate: amount('fee_rate').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('micro_products_symbol_duration').on(t.symbol, t.durationS),
    check(
      'micro_products_terms',
      sql`${t.durationS} between 5 and 86400 and ${t.payoutRate} > 0 and ${t.payoutRate} <= 10 and ${t.minAmount} > 0 and ${t.feeRate} >= 0 and ${t.feeRate} < 1`,
    ),
  ],
)

/**
 * A second-contract order: the stake (frozen in the options wallet until settled), the open price and its feed event,
 * the delivery time; once settled the close price and its feed event, the outcome and the profit or loss.
 */
export const microOrders = pgTable(
  'micro_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    book: text('book').$type<Book>().notNull(),
    symbol: text('symbol').notNull(),
    currency: text('currency').notNull(),
    direction: text('direction').$type<MicroDirection>().notNull(),
    durationS: integer('duration_s').notNull(),
    amount: amount('amount').notNull(),
    fee: amount('fee').notNull(),
    payoutRate: amount('payout_rate').notNull(),
    openPrice: amount('open_price').notNull(),
    openTs: at('open_ts').notNull(),
    openSource: text('open_source').$type<MarketSourceKind>().notNull(),
    deliveryAt: at('delivery_at').notNull(),
    closePrice: amount('close_price'),
    closeTs: at('close_ts'),
    status: text('status').$type<MicroState>().notNull(),
    /** Why a `voided` order was voided (null otherwise). */
    voidReason: text('void_reason').$type<MicroVoidReason>(),
    pnl: amount('pnl'),
    clientOid: text('client_oid').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('micro_orders_client_oid').on(t.userId, t.book, t.clientOid),
    index('micro_orders_user').on(t.userId, t.book, t.id),
    // The settlement job's question: open orders due by now, oldest delivery first.
    index('micro_orders_due')
      .on(t.deliveryAt)
      .where(sql`${t.status} = 'open'`),
    check('micro_orders_direction', sql`${t.direction} in ('up', 'down')`),
    check('micro_orders_status', sql`${t.status} in ('open', 'won', 'lost', 'draw', 'voided')`),
    check(
      'micro_orders_void_reason',
      sql`(${t.status} = 'voided') = (${t.voidReason} is not null) and ${t.voidReason} in ('no_price', 'operator')`,
    ),
    check('micro_orders_amounts', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.openPrice} > 0`),
  ],
)
