/**
 * What a futures order the user is typing would do, before it is sent: its entry price (the limit price, or the VWAP
 * of walking the visible book: a long takes the asks, a short the bids, as the server fills it), notional, initial
 * margin, fee, and the estimated liquidation price of the new position with the account's other positions at their
 * marks. The money is common/trading/contract-math.ts, the server's own formulas; the server checks again.
 */
import {
  add,
  CURRENCY_SCALES,
  isCurrencyCode,
  parseDecimal,
  round,
  sign,
  subtract,
  type DecimalString,
} from '../../../common/amount'
import type { ContractMarket, ContractSide } from '../../../common/api/contract'
import type { OrderType } from '../../../common/api/trade'
import type { Level } from '../../../common/feed/messages'
import { walkBook } from '../../../common/trading/book-walk'
import {
  initialMargin,
  liquidationPrice,
  notional,
  tradeFee,
  type PositionFigures,
} from '../../../common/trading/contract-math'
import { readAmount } from '../funds'

/** The order as typed: text of the fields (`amount` base currency, prices quote currency), leverage a whole number. */
export interface OpenDraft {
  side: ContractSide
  type: OrderType
  price: string
  amount: string
  leverage: number
  /** Take-profit / stop-loss fields shown (their text is sent only then). */
  tpsl: boolean
  tp: string
  sl: string
}

/** The book sides a preview walks (feed levels, best first). */
export interface BookSides {
  bids: readonly Level[]
  asks: readonly Level[]
}

/** The account as the liquidation estimate needs it: the contract wallet's available (quote) and open positions. */
export interface Holdings {
  available: DecimalString
  positions: readonly PositionFigures[]
}

/** The order's figures (quote currency); each null while the fields do not say yet. */
export interface OpenPreview {
  /** Entry: the limit price, or the market order's expected VWAP over the visible book. */
  price: DecimalString | null
  /** amount × price, rounded half-up to cents for display (an indication: margin and fee are the exact figures). */
  notional: DecimalString | null
  /** Initial margin: notional / leverage, rounded up (what the server freezes). */
  margin: DecimalString | null
  /** Opening fee: taker rate at market, maker rate for a limit, rounded up. */
  fee: DecimalString | null
  /** margin + fee: what leaves the available balance. */
  cost: DecimalString | null
  /** Estimated liquidation price of the new position (null: none, or unknown while signed out). */
  liquidation: DecimalString | null
  /** A market order larger than every visible level together. */
  bookTooThin: boolean
}

/** Decimals of the notional shown. */
const NOTIONAL_SCALE = 2

/** Decimals of `code`; a code the table does not know keeps 8. */
export const scaleOfCurrency = (code: string): number => (isCurrencyCode(code) ? CURRENCY_SCALES[code] : 8)

/** Decimals an order quantity may carry: the market's amount precision, never more than the base currency allows. */
export function amountScale(terms: Pick<ContractMarket, 'amount_precision' | 'base'>): number {
  return Math.min(terms.amount_precision, scaleOfCurrency(terms.base))
}

/** Decimals of a market order's VWAP, as the server prices it (server/trading/contract/book-price.ts). */
export const vwapScale = (terms: Pick<ContractMarket, 'price_precision'>): number =>
  Math.min(terms.price_precision + 4, 12)

/** `text` as a decimal above zero, else null. */
export function positive(text: string): DecimalString | null {
  const v = readAmount(text)
  return v !== null && sign(v) > 0 ? v : null
}

/** The fee rate an order pays: taker at market, maker for a limit. */
export const feeRate = (type: OrderType, terms: ContractMarket) =>
  parseDecimal(type === 'market' ? terms.taker_fee_rate : terms.maker_fee_rate)

/**
 * The figures of `draft` on `terms`, walking `book` for a market order.
 * @param holdings the account (undefined while signed out: no liquidation estimate)
 * @param mark the symbol's mark price now, for the new position's own valuation (its entry when unknown)
 */
export function previewOpen(
  draft: OpenDraft,
  terms: ContractMarket,
  book: BookSides | undefined,
  holdings: Holdings | undefined,
  mark: DecimalString | undefined,
): OpenPreview {
  const none: OpenPreview = {
    price: null,
    notional: null,
    margin: null,
    fee: null,
    cost: null,
    liquidation: null,
    bookTooThin: false,
  }
  const amount = positive(draft.amount)
  if (amount === null) return none
  let price: DecimalString | null
  if (draft.type === 'limit') price = positive(draft.price)
  else {
    const walk =
      book &&
      walkBook(
        draft.side === 'long' ? book.asks : book.bids,
        amount,
        vwapScale(terms),
        draft.side === 'long' ? 'buy' : 'sell',
      )
    if (!walk) return { ...none, bookTooThin: book !== undefined }
    price = walk.vwap
  }
  if (price === null) return none
  const margin = initialMargin(amount, price, draft.leverage, terms.quote)
  const fee = tradeFee(amount, price, feeRate(draft.type, terms), terms.quote)
  const cost = add(margin, fee)
  let liquidation: DecimalString | null = null
  if (holdings) {
    const mine: PositionFigures = {
      side: draft.side,
      amount,
      openPrice: price,
      margin,
      maintenanceMarginRate: parseDecimal(terms.maintenance_margin_rate),
      mark: mark ?? price,
      symbol: terms.symbol,
    }
    const after = subtract(holdings.available, cost)
    const all = [...holdings.positions, mine]
    liquidation = liquidationPrice(after, all, all.length - 1, terms.price_precision)
  }
  const shown = round(notional(amount, price), NOTIONAL_SCALE, 'half-up')
  return { price, notional: shown, margin, fee, cost, liquidation, bookTooThin: false }
}
