/**
 * The price a liquidated position closes at (issue 21 part 5: "liquidation executes against the book, or at the
 * bankruptcy price, and is never cheaper than closing"), with no database access. A liquidation is a market close:
 * a long sells into the bids, a short buys the asks, level by level, and pays the taker fee (plus the clearance fee,
 * netting.ts). When the fresh book is too thin for the whole size, the remainder closes at the bankruptcy price — the
 * price at which the account's margin balance reaches zero, the other positions valued at their marks — but never at a
 * price better for the user than the book's last level used (nor than the mark when the side is empty). The one close
 * price recorded is the VWAP of both parts, rounded against the user (down for a long's sale, up for a short's buy).
 *
 * Sources: Binance, "Liquidation Protocols" (USDⓈ-M Futures: a liquidated position is sent to the order book and
 * closed against it; what cannot be filled is taken over at the bankruptcy price) and "Insurance Fund" (a liquidation
 * that fills better than the bankruptcy price leaves the rest of the margin to the insurance fund, one that fills worse
 * is covered by it); Binance, "How to Calculate Liquidation Price" (the bankruptcy price is where the margin balance is
 * zero). On this venue the platform is the counterparty, so the book is what the platform could close at: closing at a
 * mark better than the book paid the user the difference.
 */
import {
  add,
  compare,
  divide,
  feedDecimal,
  multiply,
  parseDecimal,
  sign,
  subtract,
  type DecimalString,
} from '../../../common/amount'
import type { Level } from '../../../common/feed/messages'

const ZERO = parseDecimal('0')

/** How one liquidated position closes. */
export interface LiquidationFill {
  /** The close price: the VWAP of the book part and the remainder, rounded against the user at `scale`. */
  price: DecimalString
  /** The amount taken from the book (the rest closed at `remainderPrice`). */
  fromBook: DecimalString
  /** The price the remainder closed at (the bankruptcy price, or the book's worst level or mark if worse); none if 0. */
  remainderPrice?: DecimalString
}

/**
 * The bankruptcy price of the `amount` a book could not take of a position opened at `open` on `side`: the price at
 * which the account's margin balance after the close, its taker fee (at `feeRate` on the whole close) included, is
 * zero. `equity` is the account's margin balance without that amount's PnL (wallet + the other positions' PnL at their
 * marks + what the book part realized) and `bookQuote` what the book part traded (Σ price × amount). A long's
 * (amount × open − equity + feeRate × bookQuote) / (amount × (1 − feeRate)), floored and never below 0; a short's
 * (equity + amount × open − feeRate × bookQuote) / (amount × (1 + feeRate)), rounded up: both against the user, at
 * `scale` decimals.
 */
export function bankruptcyPrice(
  side: 'long' | 'short',
  amount: DecimalString,
  open: DecimalString,
  equity: DecimalString,
  feeRate: DecimalString,
  bookQuote: DecimalString,
  scale: number,
): DecimalString {
  const one = parseDecimal('1')
  const cost = multiply(amount, open)
  const fee = multiply(feeRate, bookQuote)
  if (side === 'long') {
    const p = divide(add(subtract(cost, equity), fee), multiply(amount, subtract(one, feeRate)), scale, 'floor')
    return sign(p) < 0 ? ZERO : p
  }
  return divide(subtract(add(equity, cost), fee), multiply(amount, add(one, feeRate)), scale, 'ceiling')
}

/**
 * Prices the liquidation of `amount` of a position on `side` (rules in the header).
 * @param levels the closing side of a fresh book, best first (a long's bids, a short's asks); empty when none
 * @param bankruptcy the remainder's bankruptcy price given what the book part realized (`bookPnl`, exact) and traded
 *   (`bookQuote`, Σ price × amount)
 * @param mark the symbol's mark: a bound on the remainder's price when the book side is empty
 * @param scale decimals of the close price
 */
export function liquidationFill(
  side: 'long' | 'short',
  levels: readonly Level[],
  amount: DecimalString,
  open: DecimalString,
  bankruptcy: (remainder: DecimalString, bookPnl: DecimalString, bookQuote: DecimalString) => DecimalString,
  mark: DecimalString,
  scale: number,
): LiquidationFill {
  let left = amount
  let quote = ZERO
  let worst: DecimalString | undefined
  for (const [rawPrice, rawSize] of levels) {
    if (sign(left) === 0) break
    const price = feedDecimal(rawPrice)
    const size = feedDecimal(rawSize)
    if (!price || !size) continue
    const take = compare(size, left) < 0 ? size : left
    quote = add(quote, multiply(price, take))
    left = subtract(left, take)
    worst = price
  }
  const fromBook = subtract(amount, left)
  const rounding = side === 'long' ? 'down' : 'up'
  if (sign(left) === 0) return { price: divide(quote, amount, scale, rounding), fromBook }
  // The book part's PnL: a long sold `fromBook` for `quote`, a short bought it back for `quote`.
  const cost = multiply(open, fromBook)
  const bookPnl = side === 'long' ? subtract(quote, cost) : subtract(cost, quote)
  const bound = worst ?? mark
  const broke = bankruptcy(left, bookPnl, quote)
  // Never better for the user than the book (or the mark): a long's remainder at most, a short's at least, the bound.
  const better = side === 'long' ? compare(broke, bound) > 0 : compare(broke, bound) < 0
  const remainderPrice = better ? bound : broke
  const total = add(quote, multiply(remainderPrice, left))
  return { price: divide(total, amount, scale, rounding), fromBook, remainderPrice }
}
