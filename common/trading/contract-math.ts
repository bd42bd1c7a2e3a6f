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
 * - position mode: hedge. A user may hold a long and a short of one symbol at once (each order opens its own
 *   position; an opposite order does not reduce, Close does), as Binance's "Hedge Mode"; under cross margin both legs
 *   share the wallet, so their losses and profits net (server/trading/contract/netting.ts).
 * - estimated liquidation price of a position: the price p of its symbol where equity(p) = maintenance(p), every
 *   position of that symbol (both sides) moving with p and the other symbols' at their marks. With WB = wallet
 *   balance, UPNL1 and TMM1 = the other symbols' unrealized PnL and maintenance margin, P_L, P_S the symbol's long and
 *   short sizes, EP_L, EP_S their (size-weighted) entry prices and MMR their rates:
 *     p = (WB + UPNL1 − TMM1 − P_L × EP_L + P_S × EP_S) / (P_L × MMR_L + P_S × MMR_S − P_L + P_S)
 *   This is Binance's published cross-margin formula for USDⓈ-M contracts (Binance Futures FAQ "How to Calculate
 *   Liquidation Price of USDⓈ-M Contracts": LP = (WB − TMM1 + UPNL1 + cumB + cumL + cumS − Side1 × Position1 × EP1 −
 *   Position_LONG × EP_LONG + Position_SHORT × EP_SHORT) / (Position1 × MMR_B + Position_LONG × MMR_LONG +
 *   Position_SHORT × MMR_SHORT − Side1 × Position1 − Position_LONG + Position_SHORT)), cumB, cumL, cumS being the positions' maintenance
 *   amounts of their risk-limit tiers (risk-tiers.ts),
 *   the one-way terms (Position1) absent in hedge mode. For one position it is long p = (amount × open − X) /
 *   (amount × (1 − mmr)), short p = (amount × open + X) / (amount × (1 + mmr)), X = WB + UPNL1 − TMM1.
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
  /**
   * The position's symbol: positions of the same symbol move together in the liquidation price (both legs of a hedge).
   * Absent, each position is its own symbol.
   */
  symbol?: string
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
 * The estimated liquidation price of `positions[index]`: the price of its symbol at which the account reaches its
 * maintenance margin, every position of that symbol (long and short) moving with it and the others at their marks
 * (formula in the header). Rounded away from the mark at `scale` decimals (up when the account is liquidated by a fall,
 * down when by a rise: the warning comes early, never late); null when there is none (a net position whose account
 * covers a fall to zero, or one the price cannot liquidate, as a fully hedged pair with the wallet to cover both
 * maintenance margins).
 */
export function liquidationPrice(
  available: DecimalString,
  positions: readonly PositionFigures[],
  index: number,
  scale: number,
): DecimalString | null {
  const me = positions[index]
  if (!me) return null
  const same = (p: PositionFigures, i: number) => i === index || (me.symbol !== undefined && p.symbol === me.symbol)
  // numerator: WB + UPNL1 − TMM1 − P_L × EP_L + P_S × EP_S; denominator: Σ P × MMR − P_L + P_S
  let top = available
  let bottom = ZERO
  positions.forEach((p, i) => {
    top = add(top, p.margin)
    if (same(p, i)) {
      top = add(top, p.maintenanceAmount ?? ZERO)
      const entry = multiply(p.amount, p.openPrice)
      top = p.side === 'long' ? subtract(top, entry) : add(top, entry)
      bottom = add(bottom, multiply(p.amount, p.maintenanceMarginRate))
      bottom = p.side === 'long' ? subtract(bottom, p.amount) : add(bottom, p.amount)
      return
    }
    const mark = p.mark ?? p.openPrice
    top = add(top, subtract(pnlAt(p.side, p.amount, p.openPrice, mark), maintenanceMargin(p, mark)))
  })
  const direction = sign(bottom)
  if (direction === 0) return null
  // bottom < 0: equity − maintenance rises with the price, so the account is liquidated by a fall (round up).
  const price = divide(top, bottom, scale, direction < 0 ? 'up' : 'down')
  return sign(price) > 0 ? price : null
}
