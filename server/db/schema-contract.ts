/**
 * Lever tables (issue 12 part 1, DESIGN §4 "Contract (lever)"): USDT-margined perpetual contracts with cross
 * ("full-position") margin on the contract wallet. An order (entrust) becomes a position when it fills; a position is
 * closed by the user, by its take-profit or stop-loss, or liquidated. Money moves only through server/ledger; these are
 * the records. Amounts are NUMERIC(38,18) as in schema-ledger.ts; `amount` is always the base quantity (BTC).
 */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type {
  ContractCloseReason,
  ContractOrderState,
  ContractSide,
  MarkInputs,
  PositionState,
} from '../../common/api/contract'
import type { MarketSourceKind } from '../../common/api/public'
import type { OrderType } from '../../common/api/trade'
import type { Book } from '../../common/api/user-info'
import { users } from './schema-accounts'
import { amount, at } from './schema-ledger'

/**
 * What an operator sets per market for contracts (POST admin/contract_config); a market without a row trades on the
 * defaults of server/trading/contract/config.ts. Rates are fractions (0.005 = 0.5 %); `min_amount` base currency.
 */
export const contractConfig = pgTable(
  'contract_config',
  {
    symbol: text('symbol').primaryKey(),
    minLeverage: integer('min_leverage').notNull(),
    maxLeverage: integer('max_leverage').notNull(),
    maintenanceMarginRate: amount('maintenance_margin_rate').notNull(),
    takerFeeRate: amount('taker_fee_rate').notNull(),
    makerFeeRate: amount('maker_fee_rate').notNull(),
    minAmount: amount('min_amount').notNull(),
    open: boolean('open').notNull(),
    /**
     * Risk-limit tiers (server/trading/contract/risk-limits.ts): `[{cap, max_leverage, rate}]`, caps in the quote
     * currency; null = the default ladder of common/trading/risk-tiers.ts.
     */
    riskTiers: jsonb('risk_tiers').$type<RiskTierJson[]>(),
    /** Largest position notional per account and side (quote currency); null = the default. */
    maxPositionNotional: amount('max_position_notional'),
    /** Largest open interest, long and short positions together (quote currency); null = the default. */
    maxOpenInterest: amount('max_open_interest'),
    /** Largest net exposure of the platform as counterparty (|Σ long − Σ short| × price); null = the default. */
    maxNetExposure: amount('max_net_exposure'),
    /**
     * A liquidation's clearance fee, fraction of the liquidated notional, paid to `insurance` (capped at what the
     * account has left); null = CONTRACT_DEFAULTS.clearanceFeeRate (server/trading/contract/config.ts).
     */
    clearanceFeeRate: amount('clearance_fee_rate'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'contract_config_terms',
      sql`${t.minLeverage} >= 1 and ${t.maxLeverage} >= ${t.minLeverage} and ${t.maxLeverage} <= 200
        and ${t.maintenanceMarginRate} > 0 and ${t.maintenanceMarginRate} < 1
        and ${t.takerFeeRate} >= 0 and ${t.takerFeeRate} < 1 and ${t.makerFeeRate} >= 0 and ${t.makerFeeRate} < 1
        and ${t.minAmount} >= 0`,
    ),
    check(
      'contract_config_limits',
      sql`(${t.maxPositionNotional} is null or ${t.maxPositionNotional} > 0)
        and (${t.maxOpenInterest} is null or ${t.maxOpenInterest} > 0)
        and (${t.maxNetExposure} is null or ${t.maxNetExposure} > 0)
        and (${t.clearanceFeeRate} is null or (${t.clearanceFeeRate} >= 0 and ${t.clearanceFeeRate} < 1))`,
    ),
  ],
)

/** A risk-limit tier as `contract_config.risk_tiers` stores it (decimal strings, quote currency). */
export interface RiskTierJson {
  cap: string
  max_leverage: number
  rate: string
}

/** The feed event a fill or a close used (as spot_fills): source, topic, event time, price, id, recorded or derived. */
const feedColumns = {
  feedSource: text('feed_source').$type<MarketSourceKind>(),
  feedTopic: text('feed_topic'),
  feedTs: at('feed_ts'),
  feedPrice: amount('feed_price'),
  feedRef: text('feed_ref'),
  feedRecorded: boolean('feed_recorded'),
}

/**
 * An order to open a position (spec §3 "Contract entrust": price, quantity, time). A market order fills at once
 * against the book; a limit order stays `pending` with its margin and fee frozen until the feed trades through its
 * price or the user cancels it. It fills in parts (issue 21 part 4; each part a `contract_fills` row): `filled_amount`
 * grows, the order's position opens with the first part and grows with the next, and the order stays `pending` until
 * `filled_amount` = `amount` (then `filled`); a cancel after a partial fill leaves it `cancelled` with
 * `filled_amount` > 0.
 */
export const contractOrders = pgTable(
  'contract_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    book: text('book').$type<Book>().notNull(),
    symbol: text('symbol').notNull(),
    /** The margin currency (the market's quote, USDT). */
    currency: text('currency').notNull(),
    side: text('side').$type<ContractSide>().notNull(),
    type: text('type').$type<OrderType>().notNull(),
    /** Limit price; null for a market order. */
    price: amount('price'),
    amount: amount('amount').notNull(),
    leverage: integer('leverage').notNull(),
    /**
     * Initial margin. While pending: what is held for the unfilled part (notional / leverage at the limit price,
     * less what the fills so far moved to the position); once filled: the margin its fills gave the position; once
     * cancelled: what was held for the part the cancel released.
     */
    margin: amount('margin').notNull(),
    /** Opening fee, like `margin`: frozen for the unfilled part while pending; once filled, what its fills paid. */
    fee: amount('fee').notNull(),
    /** Base amount filled so far (Σ of its `contract_fills`); `amount` once filled. */
    filledAmount: amount('filled_amount').notNull().default('0'),
    feeRate: amount('fee_rate').notNull(),
    tp: amount('tp'),
    sl: amount('sl'),
    status: text('status').$type<ContractOrderState>().notNull(),
    fillPrice: amount('fill_price'),
    positionId: integer('position_id'),
    clientOid: text('client_oid').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    filledAt: at('filled_at'),
    cancelledAt: at('cancelled_at'),
    ...feedColumns,
  },
  (t) => [
    uniqueIndex('contract_orders_client_oid').on(t.userId, t.book, t.clientOid),
    index('contract_orders_user').on(t.userId, t.book, t.status, t.id),
    // The entrust matcher's question for every feed trade: pending limit orders of this symbol.
    index('contract_orders_pending')
      .on(t.symbol, t.side, t.price)
      .where(sql`${t.status} = 'pending'`),
    check('contract_orders_side', sql`${t.side} in ('long', 'short')`),
    check('contract_orders_type', sql`${t.type} in ('limit', 'market')`),
    check('contract_orders_status', sql`${t.status} in ('pending', 'filled', 'cancelled')`),
    check('contract_orders_limit_price', sql`(${t.type} = 'limit') = (${t.price} is not null)`),
    check('contract_orders_amounts', sql`${t.amount} > 0 and ${t.leverage} >= 1 and ${t.margin} > 0 and ${t.fee} >= 0`),
    check('contract_orders_filled', sql`${t.filledAmount} >= 0 and ${t.filledAmount} <= ${t.amount}`),
  ],
)

/**
 * One part of an order's fill (issue 21 part 4; as spot_fills): how much, at what price, the margin it moved into the
 * position and the fee it paid, as a maker (from a feed print, `feed_ref` the print) or a taker (at the book when
 * placed, `feed_ref` the book). A print's maker fills never total more than its size.
 */
export const contractFills = pgTable(
  'contract_fills',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => contractOrders.id),
    positionId: integer('position_id')
      .notNull()
      .references(() => contractPositions.id),
    liquidity: text('liquidity').$type<'maker' | 'taker'>().notNull(),
    price: amount('price').notNull(),
    amount: amount('amount').notNull(),
    margin: amount('margin').notNull(),
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
    index('contract_fills_order').on(t.orderId, t.id),
    // Today's income: how a position open at 00:00 grew since (server/money/daily-income.ts).
    index('contract_fills_position').on(t.positionId),
    // One fill per order and feed event (a print seen twice, or by two processes, fills an order once).
    uniqueIndex('contract_fills_order_event').on(t.orderId, t.feedTopic, t.feedRef),
    // The matcher's question for every print: how much of it resting orders already took.
    index('contract_fills_print')
      .on(t.feedTopic, t.feedRef)
      .where(sql`${t.liquidity} = 'maker'`),
    check('contract_fills_liquidity', sql`${t.liquidity} in ('maker', 'taker')`),
    check('contract_fills_amounts', sql`${t.price} > 0 and ${t.amount} > 0 and ${t.margin} > 0 and ${t.fee} >= 0`),
  ],
)

/**
 * A position (spec §3 "Contract position" and "Contract history"): side, size, leverage, margin, opening price,
 * take-profit and stop-loss, open time; once closed its close price (the liquidation price for a liquidated one), why
 * it closed, the realized PnL (price difference × size), the fees, what the insurance account paid, and the feed event
 * (with the mark price's inputs) the close used.
 */
export const contractPositions = pgTable(
  'contract_positions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    book: text('book').$type<Book>().notNull(),
    symbol: text('symbol').notNull(),
    currency: text('currency').notNull(),
    side: text('side').$type<ContractSide>().notNull(),
    amount: amount('amount').notNull(),
    leverage: integer('leverage').notNull(),
    margin: amount('margin').notNull(),
    openPrice: amount('open_price').notNull(),
    openFee: amount('open_fee').notNull(),
    /** Maintenance margin rate of the market when the position opened (what its liquidation price uses). */
    maintenanceMarginRate: amount('maintenance_margin_rate').notNull(),
    /**
     * Maintenance amount of its risk-limit tier (quote currency): its maintenance margin is amount × mark × rate −
     * this (common/trading/risk-tiers.ts); 0 in the first tier.
     */
    maintenanceAmount: amount('maintenance_amount').notNull().default('0'),
    closeFeeRate: amount('close_fee_rate').notNull(),
    tp: amount('tp'),
    sl: amount('sl'),
    status: text('status').$type<PositionState>().notNull(),
    /** The order that opened it (a part split off by a partial close keeps its parent's order). */
    orderId: integer('order_id').notNull(),
    /**
     * The open position this row was split from by a partial close (close.ts, issue 21 part 1): the closed part, with
     * its own realized PnL and fees; null for the position an order opened.
     */
    splitFrom: integer('split_from'),
    /** The reduce-only order (contract_close_orders) whose fill closed this row; null otherwise. */
    closeOrderId: integer('close_order_id'),
    openedAt: at('opened_at').notNull().defaultNow(),
    closePrice: amount('close_price'),
    closeReason: text('close_reason').$type<ContractCloseReason>(),
    closeFee: amount('close_fee'),
    realizedPnl: amount('realized_pnl'),
    /** What the platform's insurance account paid so the balance did not go below zero. */
    insurancePaid: amount('insurance_paid'),
    closedAt: at('closed_at'),
    ...feedColumns,
    /** The mark price's inputs at the close (mid, last, EMA), for a close at the mark price. */
    markInputs: jsonb('mark_inputs').$type<MarkInputs>(),
  },
  (t) => [
    // An order's fills grow one open position (a part filling after it closed opens the next); the parts a partial
    // close splits off share their parent's order.
    uniqueIndex('contract_positions_order')
      .on(t.orderId)
      .where(sql`${t.status} = 'open' and ${t.splitFrom} is null`),
    // A feed print fills at most its size: the reduce-only fills booked from one print (close-matcher.ts).
    index('contract_positions_close_print')
      .on(t.feedTopic, t.feedRef)
      .where(sql`${t.closeOrderId} is not null`),
    index('contract_positions_user').on(t.userId, t.book, t.status, t.id),
    // Today's income: the positions closed since 00:00 (server/money/daily-income.ts).
    index('contract_positions_closed').on(t.userId, t.book, t.closedAt),
    index('contract_positions_open')
      .on(t.symbol)
      .where(sql`${t.status} = 'open'`),
    check('contract_positions_side', sql`${t.side} in ('long', 'short')`),
    check('contract_positions_status', sql`${t.status} in ('open', 'closed', 'liquidated')`),
    check(
      'contract_positions_close_reason',
      sql`${t.closeReason} is null or ${t.closeReason} in ('manual', 'take_profit', 'stop_loss', 'liquidation')`,
    ),
    check(
      'contract_positions_amounts',
      sql`${t.amount} > 0 and ${t.leverage} >= 1 and ${t.margin} > 0 and ${t.openPrice} > 0 and ${t.openFee} >= 0`,
    ),
    check('contract_positions_closed', sql`(${t.status} = 'open') = (${t.closedAt} is null)`),
  ],
)

/**
 * A reduce-only order (close-orders.ts, issue 21 part 1; Binance `reduceOnly`): it can only reduce position
 * `position_id` (`side` is the position's side: a long's close sells). It holds no margin. A limit one rests
 * `pending` and fills from feed prints through its price (close-matcher.ts), possibly in parts (`filled`), each fill
 * closing a part of the position split off (contract_positions.close_order_id); a market one executes at once. It ends
 * `filled`, or `cancelled` by the user or because its position closed (never flips the position).
 */
export const contractCloseOrders = pgTable(
  'contract_close_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    book: text('book').$type<Book>().notNull(),
    symbol: text('symbol').notNull(),
    positionId: integer('position_id').notNull(),
    side: text('side').$type<ContractSide>().notNull(),
    type: text('type').$type<OrderType>().notNull(),
    /** Limit price; null for a market order. */
    price: amount('price'),
    amount: amount('amount').notNull(),
    /** What its fills closed so far (base currency). */
    filled: amount('filled').notNull().default('0'),
    status: text('status').$type<ContractOrderState>().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('contract_close_orders_user').on(t.userId, t.book, t.status, t.id),
    index('contract_close_orders_pending')
      .on(t.symbol)
      .where(sql`${t.status} = 'pending'`),
    index('contract_close_orders_position')
      .on(t.positionId)
      .where(sql`${t.status} = 'pending'`),
    check('contract_close_orders_side', sql`${t.side} in ('long', 'short')`),
    check('contract_close_orders_type', sql`${t.type} in ('limit', 'market')`),
    check('contract_close_orders_status', sql`${t.status} in ('pending', 'filled', 'cancelled')`),
    check('contract_close_orders_limit_price', sql`(${t.type} = 'limit') = (${t.price} is not null)`),
    check('contract_close_orders_amounts', sql`${t.amount} > 0 and ${t.filled} >= 0 and ${t.filled} <= ${t.amount}`),
  ],
)

/**
 * The funding rate of a perpetual at one funding time (issue 21 part 6; Binance USDⓈ-M funding: every 8 h at 00:00,
 * 08:00 and 16:00 UTC). Fixed once, by the first process whose funding job reaches that time (INSERT … ON CONFLICT DO
 * NOTHING, then read back), so every process pays every position of the symbol at the same rate and mark. Rates are
 * fractions per interval (0.0001 = 0.01 %); `mark_price` is the mark the payments' notional is valued at.
 * See server/trading/contract/funding-rate.ts for the formula.
 */
export const contractFundingRates = pgTable(
  'contract_funding_rates',
  {
    symbol: text('symbol').notNull(),
    fundingTime: at('funding_time').notNull(),
    rate: amount('rate').notNull(),
    premiumIndex: amount('premium_index').notNull(),
    interestRate: amount('interest_rate').notNull(),
    markPrice: amount('mark_price').notNull(),
    /** Premium samples the average was taken over (0: none, the premium counted as 0). */
    samples: integer('samples').notNull(),
    /** When it was fixed (database clock): a position opened after it does not pay this time. */
    createdAt: at('created_at').notNull().defaultNow(),
    /** When every position due had been paid: the job stops looking at this time. */
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('contract_funding_rates_key').on(t.symbol, t.fundingTime),
    index('contract_funding_rates_unsettled')
      .on(t.fundingTime)
      .where(sql`${t.settledAt} is null`),
    check('contract_funding_rates_mark', sql`${t.markPrice} > 0 and ${t.samples} >= 0`),
  ],
)

/**
 * One funding payment of one position at one funding time: at most one per (position, funding time), written in the
 * same transaction as its ledger posting (kind `contract_funding`, reference `funding:<position>:<time ms>`).
 * `payment` is signed from the user's side (negative: the position paid the counterparty); what the wallet's available
 * balance could not cover came from the position's margin (`from_margin`); what even that could not is `shortfall`
 * (not paid by anyone: the position is then liquidated by the risk engine).
 */
export const contractFundingPayments = pgTable(
  'contract_funding_payments',
  {
    id: serial('id').primaryKey(),
    positionId: integer('position_id')
      .notNull()
      .references(() => contractPositions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    book: text('book').$type<Book>().notNull(),
    symbol: text('symbol').notNull(),
    currency: text('currency').notNull(),
    side: text('side').$type<ContractSide>().notNull(),
    /** The position's size at the funding time, base currency. */
    amount: amount('amount').notNull(),
    markPrice: amount('mark_price').notNull(),
    rate: amount('rate').notNull(),
    /** What the position received (> 0) or paid (< 0), margin currency; what moved, shortfall excluded. */
    payment: amount('payment').notNull(),
    fromMargin: amount('from_margin').notNull(),
    shortfall: amount('shortfall').notNull(),
    fundingTime: at('funding_time').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contract_funding_payments_once').on(t.positionId, t.fundingTime),
    index('contract_funding_payments_user').on(t.userId, t.book, t.fundingTime, t.id),
    check('contract_funding_payments_side', sql`${t.side} in ('long', 'short')`),
    check('contract_funding_payments_amounts', sql`${t.fromMargin} >= 0 and ${t.shortfall} >= 0`),
  ],
)
