/**
 * Lever calls (issue 12 part 1; spec §3 "Contract position", "Contract entrust", "Contract history"): USDT-margined
 * perpetual contracts on the contract wallet, cross ("full-position") margin, the platform the counterparty at feed
 * prices. `amount` is always the base quantity (BTC of BTC/USDT); prices and money are decimal strings in the quote
 * currency (USDT); rates are fractions (0.005 = 0.5 %); times `YYYY-MM-DD HH:mm:ss` UTC, `*_ts` epoch ms.
 * The formulas (margin, PnL, liquidation price, mark price) are common/trading/contract-math.ts and mark-price.ts.
 */
import * as z from 'zod/mini'
import { amountField } from './assets'
import { CONTRACT_SIDES, limitField, money, pageField, symbolField } from './contract-fields'
import { idSchema } from './ids'
import { feedEventSchema, CLIENT_OID, ORDER_TYPES } from './trade'

export { CONTRACT_SIDES, type ContractSide } from './contract-fields'
export * from './contract-funding'
export * from './contract-close'
/** An entrust: `pending` (a limit order waiting, revocable), `filled` (it opened a position) or `cancelled`. */
export const CONTRACT_ORDER_STATES = ['pending', 'filled', 'cancelled'] as const
export type ContractOrderState = (typeof CONTRACT_ORDER_STATES)[number]
/** A position: `open`, `closed` (by the user or its TP/SL) or `liquidated`. */
export const POSITION_STATES = ['open', 'closed', 'liquidated'] as const
export type PositionState = (typeof POSITION_STATES)[number]
/** Why a position closed. */
export const CLOSE_REASONS = ['manual', 'take_profit', 'stop_loss', 'liquidation'] as const
export type ContractCloseReason = (typeof CLOSE_REASONS)[number]

/** The mark price's inputs at one moment (quote currency): best bid/ask mid, last trade price, their short EMA. */
export interface MarkInputs {
  mid: string
  last: string
  ema: string
}

const leverageField = z.int().check(z.minimum(1), z.maximum(200))
/** An optional price: absent = not set (on position_tpsl: left as it is); null = removed (position_tpsl only). */
const triggerField = z.optional(z.nullable(amountField))

/** POST contract/order_place (Idempotency-Key): `price` for limit orders only; `tp`/`sl` optional trigger prices. */
export const contractOrderPlaceInput = z.object({
  symbol: symbolField,
  side: z.enum(CONTRACT_SIDES),
  type: z.enum(ORDER_TYPES),
  price: z.optional(amountField),
  amount: amountField,
  leverage: leverageField,
  tp: z.optional(amountField),
  sl: z.optional(amountField),
  client_oid: z.string().check(z.regex(CLIENT_OID)),
})
export type ContractOrderPlaceInput = z.infer<typeof contractOrderPlaceInput>

/** An entrust as contract/order_place and contract/order_list answer it. */
export const contractOrderSchema = z.object({
  id: z.int(),
  symbol: z.string(),
  side: z.enum(CONTRACT_SIDES),
  type: z.enum(ORDER_TYPES),
  /** Limit price; null for a market order. */
  price: z.nullable(money),
  amount: money,
  /**
   * Base amount filled so far (issue 21 part 4: an order fills in parts, at most what each feed print printed, and a
   * crossing limit order takes the book at once and rests the rest): 0 until its first part, `amount` once
   * `filled`. A `pending` order with `filled_amount` > 0 is partly filled; a `cancelled` one had its rest cancelled.
   */
  filled_amount: money,
  leverage: z.int(),
  /**
   * Initial margin (notional / leverage): while pending, what is held for the unfilled rest; once filled, what its
   * fills gave the position; once cancelled, what the cancel released.
   */
  margin: money,
  /** Opening fee, like `margin`: frozen for the unfilled rest while pending; once filled, what its fills paid. */
  fee: money,
  tp: z.nullable(money),
  sl: z.nullable(money),
  status: z.enum(CONTRACT_ORDER_STATES),
  /**
   * The size-weighted average price of its fills (the book's VWAP for a taker part, its own price for a maker part);
   * null before its first fill.
   */
  fill_price: z.nullable(money),
  /** The position its fills opened or grew; null before its first fill. */
  position_id: z.nullable(z.int()),
  client_oid: z.string(),
  created_at: z.string(),
  /** When it last filled (in full or in part); null before its first fill. */
  filled_at: z.nullable(z.string()),
  /** The feed event its last fill used; null before its first fill. */
  feed_event: z.nullable(feedEventSchema),
})
export type ContractOrder = z.infer<typeof contractOrderSchema>

/** GET contract/order_list: `open` (pending entrusts, the default) or `history` (filled and cancelled), newest first. */
export const contractOrderListQuery = z.object({
  state: z._default(z.enum(['open', 'history']), 'open'),
  symbol: z.optional(symbolField),
  page: pageField,
  limit: limitField,
})
export type ContractOrderListQuery = z.infer<typeof contractOrderListQuery>

export const contractOrderListSchema = z.object({
  list: z.array(contractOrderSchema),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
})

/**
 * An open position with its figures at the server's latest mark price (the field list): `margin` the initial
 * margin, `liquidation_price` the estimated price at which the account's equity reaches its maintenance margin with the
 * other positions at their current marks (null when none exists, e.g. a long covered many times over).
 */
export const positionSchema = z.object({
  id: z.int(),
  symbol: z.string(),
  side: z.enum(CONTRACT_SIDES),
  amount: money,
  leverage: z.int(),
  margin: money,
  open_price: money,
  /** Null before the server has a mark price for the symbol (feed not started). */
  mark_price: z.nullable(money),
  liquidation_price: z.nullable(money),
  tp: z.nullable(money),
  sl: z.nullable(money),
  unrealized_pnl: z.nullable(money),
  maintenance_margin_rate: money,
  open_time: z.string(),
})
export type Position = z.infer<typeof positionSchema>

/** GET contract/positions: the caller's open positions, newest first (of one symbol when given). */
export const positionsQuery = z.object({ symbol: z.optional(symbolField) })

/** POST contract/position_tpsl: set (a price), remove (null) or keep (absent) a position's take-profit and stop-loss. */
export const positionTpslInput = z.object({
  id: idSchema,
  tp: triggerField,
  sl: triggerField,
})
export type PositionTpslInput = z.infer<typeof positionTpslInput>

/**
 * POST contract/position_close (Idempotency-Key): close open position `id` at market; `amount` (base currency) closes
 * that part only (issue 21 part 1: at least the market's minimum, on its amount step, at most the position, leaving
 * nothing or at least the minimum open); absent, the whole position.
 */
export const positionCloseInput = z.object({ id: idSchema, amount: z.optional(amountField) })
export type PositionCloseInput = z.infer<typeof positionCloseInput>

/**
 * POST contract/close_all: every open position (of one symbol when given), netted in one transaction. It closes what
 * it can; with `report: true` it answers `{closed, failed}` (closeAllReportSchema) instead of the closed positions'
 * array, so clients that send no `report` keep the array they have always read.
 */
export const closeAllInput = z.object({ symbol: z.optional(symbolField), report: z.optional(z.boolean()) })

/** A closed or liquidated position (spec §3 "Contract history"). */
export const contractHistorySchema = z.object({
  id: z.int(),
  symbol: z.string(),
  side: z.enum(CONTRACT_SIDES),
  amount: money,
  leverage: z.int(),
  margin: money,
  open_price: money,
  /** The close average price (null for a liquidated position). */
  close_price: z.nullable(money),
  /** The liquidation average price (null unless liquidated). */
  liquidation_price: z.nullable(money),
  close_reason: z.enum(CLOSE_REASONS),
  /** (close − open) × amount for a long, (open − close) × amount for a short. */
  realized_pnl: money,
  /**
   * Opening plus closing fee (a liquidation's closing fee is the taker fee plus its clearance fee, the latter paid to
   * insurance).
   */
  fee: money,
  /** realized_pnl − fee + insurance_paid: what the position added to (or took from) the wallet. */
  income: money,
  /** What the platform's insurance account paid so the balance did not go below zero. */
  insurance_paid: money,
  state: z.enum(['closed', 'liquidated']),
  open_time: z.string(),
  close_time: z.string(),
  /**
   * The feed event the close used (the book, for a market close, a trigger or a liquidation); for a trigger or a
   * liquidation, the inputs of the mark that decided it too.
   */
  feed_event: feedEventSchema,
  mark_inputs: z.nullable(z.object({ mid: money, last: money, ema: money })),
})
export type ContractHistory = z.infer<typeof contractHistorySchema>

/** A position Close all could not close (a stale or too thin book…): the refusal, translated, and the field it names. */
export const closeFailureSchema = z.object({
  id: z.int(),
  symbol: z.string(),
  field: z.nullable(z.string()),
  msg: z.string(),
})
export type CloseFailure = z.infer<typeof closeFailureSchema>

/** POST contract/close_all with `report: true`: the positions closed (as history) and the ones it could not close. */
export const closeAllReportSchema = z.object({
  closed: z.array(contractHistorySchema),
  failed: z.array(closeFailureSchema),
})
export type CloseAllReport = z.infer<typeof closeAllReportSchema>

/** GET contract/history: closed and liquidated positions, newest first. */
export const contractHistoryQuery = z.object({ symbol: z.optional(symbolField), page: pageField, limit: limitField })

export const contractHistoryListSchema = z.object({
  list: z.array(contractHistorySchema),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
})

/**
 * GET contract/account: the contract wallet under cross margin (quote currency): `wallet_balance` = available +
 * positions' margin; `equity` = wallet_balance + Σ unrealized PnL; liquidation when equity ≤ maintenance_margin.
 */
export const contractAccountSchema = z.object({
  currency: z.string(),
  available: money,
  position_margin: money,
  /** Margin and fees held for pending entrusts. */
  order_margin: money,
  wallet_balance: money,
  unrealized_pnl: money,
  equity: money,
  maintenance_margin: money,
  /**
   * The most that may leave the futures wallet now: min(available, wallet + Σ unrealized losses − Σ initial margin)
   * (issue 21 part 2; Binance's `maxWithdrawAmount`); null while a held symbol has no fresh mark (a transfer out is
   * then refused). What the transfer form's "All" fills in.
   */
  max_transfer_out: z.nullable(money),
})
export type ContractAccount = z.infer<typeof contractAccountSchema>

/** GET contract/market_config: a market's contract terms (public: the order form shows them). */
export const contractMarketQuery = z.object({ symbol: symbolField })

export const contractMarketSchema = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  min_leverage: z.int(),
  max_leverage: z.int(),
  maintenance_margin_rate: money,
  taker_fee_rate: money,
  maker_fee_rate: money,
  /** Smallest order, base currency. */
  min_amount: money,
  open: z.boolean(),
  price_precision: z.int(),
  amount_precision: z.int(),
})
export type ContractMarket = z.infer<typeof contractMarketSchema>

// ---- Risk limits, insurance and the operator's risk view (issue 21 parts 5 and 11) ----

/**
 * One risk-limit tier (common/trading/risk-tiers.ts): positions of notional up to `cap` (quote currency) may use
 * `max_leverage` and need `maintenance_margin_rate` × notional − `maintenance_amount` of maintenance margin.
 */
export const riskTierSchema = z.object({
  /** Notionals above `floor` and up to `cap`, quote currency. */
  floor: money,
  cap: money,
  max_leverage: z.int(),
  maintenance_margin_rate: money,
  maintenance_amount: money,
})
export type RiskTierView = z.infer<typeof riskTierSchema>

/** A tier as the operator sets it (POST admin/contract_config `risk_tiers`): the floor and amount are derived. */
export const riskTierInput = z.object({
  cap: amountField,
  max_leverage: leverageField,
  maintenance_margin_rate: amountField,
})
export type RiskTierInput = z.infer<typeof riskTierInput>

/** GET contract/risk_limits: a market's risk-limit tiers and per-account and per-market caps (public). */
export const riskLimitsSchema = z.object({
  symbol: z.string(),
  currency: z.string(),
  tiers: z.array(riskTierSchema),
  /** Largest position notional of one account on one side (open positions and pending orders), quote currency. */
  max_position_notional: money,
  /** Largest open interest of the market (long and short positions and pending orders), quote currency. */
  max_open_interest: money,
  /**
   * A liquidation's clearance fee, fraction of the liquidated notional at its close price, paid to the insurance fund
   * and capped at what the account has left (server/trading/contract/liquidate.ts).
   */
  clearance_fee_rate: money,
})
export type RiskLimits = z.infer<typeof riskLimitsSchema>

/** GET contract/insurance: the insurance fund of a margin currency (public). */
export const insuranceQuery = z.object({ currency: z.string().check(z.regex(/^[A-Za-z0-9]{1,12}$/)) })

/** The insurance fund's balance and its balance at the end of each UTC day (the last 90 days, oldest first). */
export const insuranceSchema = z.object({
  currency: z.string(),
  balance: money,
  history: z.array(z.object({ date: z.string(), balance: money })),
})
export type Insurance = z.infer<typeof insuranceSchema>

/** One market of the operator's risk view (live book, quote currency, at the server's mark). */
export const riskMarketSchema = z.object({
  symbol: z.string(),
  /** The mark used, or null when the server has none (notionals then 0). */
  mark: z.nullable(money),
  long_amount: money,
  short_amount: money,
  long_notional: money,
  short_notional: money,
  /** The platform's net position as counterparty: Σ short − Σ long, base currency. */
  platform_net_amount: money,
  /** platform_net_amount × mark. */
  platform_net_exposure: money,
  /** The cap above which orders that increase |platform_net_exposure| are refused. */
  max_net_exposure: money,
  /** Users' unrealized PnL on the market: the platform's unrealized loss. */
  users_unrealized_pnl: money,
})

/** An account near liquidation: margin ratio = maintenance margin / equity (≥ 1 is liquidated). */
export const riskAccountSchema = z.object({
  user_id: z.int(),
  equity: money,
  maintenance_margin: money,
  margin_ratio: z.nullable(money),
  positions: z.int(),
})

/** GET admin/risk_overview: what the platform carries as counterparty (live book). */
export const riskOverviewSchema = z.object({
  currency: z.string(),
  markets: z.array(riskMarketSchema),
  /** Σ platform_net_exposure of the markets. */
  platform_net_exposure: money,
  users_unrealized_pnl: money,
  insurance_balance: money,
  /** The 10 accounts with the highest margin ratio. */
  closest_to_liquidation: z.array(riskAccountSchema),
  /** Funding the platform received from positions (Σ over ledger kind contract_funding) and paid to them. */
  funding_received: money,
  funding_paid: money,
})
export type RiskOverview = z.infer<typeof riskOverviewSchema>

/** POST admin/contract_config: a market's contract terms. */
export const contractConfigInput = z.object({
  symbol: symbolField,
  min_leverage: leverageField,
  max_leverage: leverageField,
  maintenance_margin_rate: amountField,
  taker_fee_rate: amountField,
  maker_fee_rate: amountField,
  min_amount: amountField,
  open: z.boolean(),
  /**
   * Risk-limit tiers, lowest first; the first is `max_leverage` at `maintenance_margin_rate`. Absent: kept as saved;
   * null: the default ladder (common/trading/risk-tiers.ts).
   */
  risk_tiers: z.optional(z.nullable(z.array(riskTierInput))),
  /** Caps in the quote currency (server/trading/contract/risk-limits.ts); absent: kept; null: the default. */
  max_position_notional: z.optional(z.nullable(amountField)),
  max_open_interest: z.optional(z.nullable(amountField)),
  max_net_exposure: z.optional(z.nullable(amountField)),
  /** A liquidation's clearance fee rate (0 ≤ rate < 1); absent: kept; null: the default (0.5 %). */
  clearance_fee_rate: z.optional(z.nullable(amountField)),
})
export type ContractConfigInput = z.infer<typeof contractConfigInput>
export type ContractHistoryQuery = z.infer<typeof contractHistoryQuery>
