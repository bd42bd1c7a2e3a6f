/**
 * The money of a USDT-margined perpetual under cross ("full-position") margin, in exact decimals (common/amount):
 * what the server charges and books, and what the order form and the positions list show before and between
 * answers. Quantities are base currency (BTC), prices and money quote currency (USDT), rates fractions.
 *
 * - notional = amount × price; initial margin = notional / leverage, rounded up to the quote's unit;
 * - fee = notional × fee rate, rounded up (the platform never under-charges by rounding);
 * - unrealized PnL = (mark − open) × amount for a long, (open − mark) × amount for a short; realized PnL the same at
 *   the close price, rounded toward −∞ at the quote's unit (the platform never pays out a rounding gain);
 * - wallet balance = the contract wallet's available + the open positions' margin; equity = wallet balance + Σ
 *   unrealized PnL; maintenance margin = Σ amount × mark × maintenance margin rate; the account is liquidated when
 *   equity ≤ maintenance margin;
 * - estimated liquidation price of one position, the others at their marks: the price p where equity(p) =
 *   maintenance(p), i.e. with X = wallet balance + Σ others (unrealized PnL − maintenance margin):
 *   long p = (amount × open − X) / (amount × (1 − mmr)), short p = (amount × open + X) / (amount × (1 + mmr)).
 *   This is Binance's published cross-margin formula for USDⓈ-M contracts (Binance Futures FAQ "How to Calculate
 *   Liquidation Price of USDⓈ-M Contracts": LP = (WB − TMM1 + UPNL1 + cumB − Side1 × Position1 × EP1) /
 *   (Position1 × MMR_B − Side1 × Position1)), cumB being the position's maintenance amount (risk-tiers.ts), added to X.
 */
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
} from '../amount'

export type Side = 'long' | 'short'

const ZERO = parseDecimal('0')
const ONE = parseDecimal('1')

/** amount × price, exact. */
export function notional(amount: DecimalString, price: DecimalString): DecimalString {
  return multiply(amount, price)
}

/** Initial margin: notional / leverage, rounded up to `currency`'s unit. */
export function initialMargin(amount: DecimalString, price: DecimalString, leverage: number, currency: string) {
  return divide(notional(amount, price), parseDecimal(String(leverage)), currencyScale(currency), 'up')
}

/** A trading fee: notional × rate, rounded up to `currency`'s unit. */
export function tradeFee(amount: DecimalString, price: DecimalString, rate: DecimalString, currency: string) {
  return round(multiply(notional(amount, price), rate), currencyScale(currency), 'up')
}

/** PnL of `amount` opened at `open` and valued at `price`, exact (unrounded). */
export function pnlAt(side: Side, amount: DecimalString, open: DecimalString, price: DecimalString): DecimalString {
  const diff = multiply(subtract(price, open), amount)
  return side === 'long' ? diff : negate(diff)
}

/** Realized PnL of a close at `price`: pnlAt rounded toward −∞ at `currency`'s unit. */
export function realizedPnl(
  side: Side,
  amount: DecimalString,
  open: DecimalString,
  price: DecimalString,
  currency: string,
) {
  return round(pnlAt(side, amount, open, price), currencyScale(currency), 'floor')
}

/** A position as the formulas need it. */
export interface PositionFigures {
  side: Side
  amount: DecimalString
  openPrice: DecimalString
  margin: DecimalString
  maintenanceMarginRate: DecimalString
  /** Maintenance amount of its risk-limit tier (common/trading/risk-tiers.ts); absent = 0. */
  maintenanceAmount?: DecimalString
  /** The position's symbol's mark price; undefined before there is one (valued at its open price). */
  mark: DecimalString | undefined
}

/** Maintenance margin of one position at `mark`: amount × mark × rate − its tier's maintenance amount, exact. */
export function maintenanceMargin(
  p: Pick<PositionFigures, 'amount' | 'maintenanceMarginRate' | 'maintenanceAmount'>,
  mark: DecimalString,
) {
  return subtract(multiply(multiply(p.amount, mark), p.maintenanceMarginRate), p.maintenanceAmount ?? ZERO)
}

/** Cross-margin totals of one account (exact). */
export interface AccountFigures {
  walletBalance: DecimalString
  positionMargin: DecimalString
  unrealizedPnl: DecimalString
  equity: DecimalString
  maintenanceMargin: DecimalString
}

/** The account's totals from its contract wallet's available balance and its open positions. */
export function accountFigures(available: DecimalString, positions: readonly PositionFigures[]): AccountFigures {
  let positionMargin = ZERO
  let upnl = ZERO
  let mm = ZERO
  for (const p of positions) {
    const mark = p.mark ?? p.openPrice
    positionMargin = add(positionMargin, p.margin)
    upnl = add(upnl, pnlAt(p.side, p.amount, p.openPrice, mark))
    mm = add(mm, maintenanceMargin(p, mark))
  }
  const walletBalance = add(available, positionMargin)
  return {
    walletBalance,
    positionMargin,
    unrealizedPnl: upnl,
    equity: add(walletBalance, upnl),
    maintenanceMargin: mm,
  }
}

/** True when the account must be liquidated: equity ≤ maintenance margin (and it holds a position). */
export function isLiquidatable(figures: AccountFigures, positions: number): boolean {
  return positions > 0 && compare(figures.equity, figures.maintenanceMargin) <= 0
}

/**
 * The estimated liquidation price of `positions[index]` with the others at their marks (formula in the header),
 * rounded away from the mark at `scale` decimals (up for a long, down for a short: the warning comes early, never
 * late); null when there is none (a long whose account covers a fall to zero).
 */
export function liquidationPrice(
  available: DecimalString,
  positions: readonly PositionFigures[],
  index: number,
  scale: number,
): DecimalString | null {
  const me = positions[index]
  if (!me) return null
  let x = available
  positions.forEach((p, i) => {
    x = add(x, p.margin)
    if (i === index) {
      x = add(x, p.maintenanceAmount ?? ZERO)
      return
    }
    const mark = p.mark ?? p.openPrice
    x = add(x, subtract(pnlAt(p.side, p.amount, p.openPrice, mark), maintenanceMargin(p, mark)))
  })
  const entry = multiply(me.amount, me.openPrice)
  const price =
    me.side === 'long'
      ? divide(subtract(entry, x), multiply(me.amount, subtract(ONE, me.maintenanceMarginRate)), scale, 'up')
      : divide(add(entry, x), multiply(me.amount, add(ONE, me.maintenanceMarginRate)), scale, 'down')
  return sign(price) > 0 ? price : null
}
