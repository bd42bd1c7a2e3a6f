/**
 * What a spot order the user is typing would do, before it is sent: the price it fills at (the limit price, or the
 * VWAP of walking the visible book for a market order), the transaction amount in the quote currency, the fee in the
 * currency received, and what it takes from the balance. The same rules as the server (server/trading/spot: fees in
 * the received currency rounded up to its unit, taker rate for market orders; a limit order that crosses the book
 * takes what it crosses at once as a taker — at the book's prices, up to its own, at the taker rate — and only the rest
 * rests at its price at the maker rate, each part's fee rounded up on its own (server/trading/spot/take.ts, fills.ts);
 * a limit buy freezes price × amount, a sell freezes the amount); the server checks again and has the last word.
 */
import {
  add,
  compare,
  CURRENCY_SCALES,
  divide,
  isCurrencyCode,
  multiply,
  parseDecimal,
  round,
  scaleOf,
  sign,
  subtract,
  type DecimalString,
} from '../../../common/amount'
import type { MarketTradeConfig, OrderSide, OrderType } from '../../../common/api/trade'
import type { Level } from '../../../common/feed/messages'
import { amountForBudget, walkBook, walkBookTo } from '../../../common/trading/book-walk'
import { normalizeAmount, readAmount } from '../funds'

/** The order as typed: `price` and `amount` are the fields' text (amount in the base currency). */
export interface OrderDraft {
  side: OrderSide
  type: OrderType
  price: string
  amount: string
}

/** The book sides a preview walks (feed levels, best first). */
export interface BookSides {
  bids: readonly Level[]
  asks: readonly Level[]
}

/** A sum in one currency. */
export interface Money {
  amount: DecimalString
  currency: string
}

/** The order's figures; each null while the fields do not say yet (empty, not a number, book too thin). */
export interface OrderPreview {
  /** Limit price, or the market order's expected VWAP over the visible book (quote currency). */
  price: DecimalString | null
  /** Transaction amount: price × amount (quote currency). */
  total: DecimalString | null
  /** Fee, in the currency received: base for a buy, quote for a sell. */
  fee: Money | null
  /** What leaves the balance: the quote total for a buy, the base amount for a sell. */
  spend: Money | null
  /** What arrives, fee taken. */
  receive: Money | null
  /** A market order larger than every visible level together. */
  bookTooThin: boolean
  /**
   * A limit order that crosses the book: part (or all) of it executes at once at the book's prices, so its total and
   * fee are estimates, as a market order's are.
   */
  crosses?: boolean
}

/** Decimals of `code`; a code the table does not know (the server refuses its orders) keeps 8. */
const currencyScale = (code: string): number => (isCurrencyCode(code) ? CURRENCY_SCALES[code] : 8)

/** Decimals an order amount may carry: the market's amount precision, never more than the base currency allows. */
export function amountScale(terms: MarketTradeConfig): number {
  return Math.min(terms.amount_precision, currencyScale(terms.base))
}

const positive = (text: string): DecimalString | null => {
  const v = readAmount(text)
  return v !== null && sign(v) > 0 ? v : null
}

/** The part of an order at one fee rate: its base amount and its quote value (exact). */
interface Part {
  amount: DecimalString
  quote: DecimalString
  rate: DecimalString
}

/**
 * A limit order's parts: what crosses `book` now (taker rate, at the book's prices up to the limit) and what rests at
 * the limit price (maker rate), and whether any of it crosses. Without a book, all of it rests.
 */
function limitParts(
  side: OrderSide,
  amount: DecimalString,
  price: DecimalString,
  terms: MarketTradeConfig,
  book: BookSides | undefined,
): { parts: Part[]; crosses: boolean } {
  const taken = book ? walkBookTo(side, side === 'buy' ? book.asks : book.bids, amount, price) : undefined
  const parts: Part[] = []
  if (taken && taken.fills.length > 0) {
    const filled = subtract(amount, taken.left)
    const quote = taken.fills.reduce((q, f) => add(q, multiply(f.price, f.amount)), parseDecimal('0'))
    parts.push({ amount: filled, quote, rate: parseDecimal(terms.taker_fee_rate) })
  }
  const rest = taken ? taken.left : amount
  if (sign(rest) > 0)
    parts.push({ amount: rest, quote: multiply(price, rest), rate: parseDecimal(terms.maker_fee_rate) })
  return { parts, crosses: taken !== undefined && taken.fills.length > 0 }
}

/**
 * The figures of `draft` on `terms`: a market order walks `book`; a limit order that crosses `book` shows the taker
 * fee for the part that executes at once and the maker fee for the rest (its price is the limit price, its total the
 * crossed part at the book's prices plus the rest at the limit).
 */
export function previewOrder(draft: OrderDraft, terms: MarketTradeConfig, book: BookSides | undefined): OrderPreview {
  const amount = positive(draft.amount)
  const none: OrderPreview = { price: null, total: null, fee: null, spend: null, receive: null, bookTooThin: false }
  if (amount === null) return none
  let price: DecimalString | null
  let parts: Part[]
  let crosses = false
  if (draft.type === 'limit') {
    price = positive(draft.price)
    if (price === null) return none
    const limit = limitParts(draft.side, amount, price, terms, book)
    parts = limit.parts
    crosses = limit.crosses
  } else {
    const walk =
      book && walkBook(draft.side === 'buy' ? book.asks : book.bids, amount, terms.price_precision + 2, draft.side)
    if (!walk) return { ...none, bookTooThin: book !== undefined }
    price = walk.vwap
    parts = [{ amount, quote: walk.quote, rate: parseDecimal(terms.taker_fee_rate) }]
  }
  const total = parts.reduce((q, p) => add(q, p.quote), parseDecimal('0'))
  const zero = parseDecimal('0')
  const qs = currencyScale(terms.quote)
  if (draft.side === 'buy') {
    const bs = currencyScale(terms.base)
    const fee = parts.reduce((f, p) => add(f, round(multiply(p.amount, p.rate), bs, 'up')), zero)
    const quoteTotal = round(total, qs, 'up')
    return {
      price,
      total: quoteTotal,
      fee: { amount: fee, currency: terms.base },
      spend: { amount: quoteTotal, currency: terms.quote },
      receive: { amount: subtract(amount, fee), currency: terms.base },
      bookTooThin: false,
      crosses,
    }
  }
  // A sell receives its whole proceeds rounded down to the quote's unit; the crossed part's own proceeds (rounded
  // down) pay the taker rate and the rest of the proceeds the maker rate, each fee rounded up (fills.ts).
  const received = round(total, qs, 'down')
  let before = zero
  let fee = zero
  for (const [i, p] of parts.entries()) {
    const upTo = i === parts.length - 1 ? received : round(add(before, p.quote), qs, 'down')
    fee = add(fee, round(multiply(subtract(upTo, round(before, qs, 'down')), p.rate), qs, 'up'))
    before = add(before, p.quote)
  }
  return {
    price,
    total: received,
    fee: { amount: fee, currency: terms.quote },
    spend: { amount, currency: terms.base },
    receive: { amount: subtract(received, fee), currency: terms.quote },
    bookTooThin: false,
    crosses,
  }
}

/** What is wrong with the price field. */
export type PriceProblem = 'required' | 'format' | 'notPositive' | 'tooManyDecimals'
/** What is wrong with the amount field. */
export type AmountProblem = PriceProblem | 'belowMinimum' | 'lackOfFunds'
/** What is wrong with a market order as a whole. */
export type TypeProblem = 'noBook' | 'bookTooThin'

/** Problems by field; an empty object when the order may be sent. */
export interface OrderProblems {
  price?: PriceProblem
  amount?: AmountProblem
  type?: TypeProblem
}

function numberProblem(text: string, scale: number): PriceProblem | null {
  if (normalizeAmount(text) === '') return 'required'
  const v = readAmount(text)
  if (v === null) return 'format'
  if (sign(v) <= 0) return 'notPositive'
  if (scaleOf(v) > scale) return 'tooManyDecimals'
  return null
}

/**
 * The problems of `draft` before sending ("Lack of funds" before anything is frozen, spec §5).
 * @param available usable balance per currency of the spot wallet; undefined when not known (signed out)
 */
export function checkOrder(
  draft: OrderDraft,
  terms: MarketTradeConfig,
  preview: OrderPreview,
  available: ((currency: string) => string) | undefined,
  hasBook: boolean,
): OrderProblems {
  const out: OrderProblems = {}
  if (draft.type === 'limit') {
    const p = numberProblem(draft.price, terms.price_precision)
    if (p) out.price = p
  }
  const a = numberProblem(draft.amount, amountScale(terms))
  if (a) out.amount = a
  else if (compare(readAmount(draft.amount)!, parseDecimal(terms.min_amount)) < 0) out.amount = 'belowMinimum'
  else if (
    available &&
    preview.spend &&
    compare(preview.spend.amount, parseDecimal(available(preview.spend.currency))) > 0
  ) {
    out.amount = 'lackOfFunds'
  }
  if (draft.type === 'market' && !out.amount) {
    if (!hasBook) out.type = 'noBook'
    else if (preview.bookTooThin) out.type = 'bookTooThin'
  }
  return out
}

/**
 * The amount (base currency) that uses `pct` % of what the side spends: for a sell that share of the base balance;
 * for a limit buy that share of the quote balance at the limit price; for a market buy what that share buys walking
 * the asks. Floored to the order's amount scale; null when it cannot be worked out yet (no price, no book).
 */
export function amountForShare(
  pct: number,
  draft: Pick<OrderDraft, 'side' | 'type' | 'price'>,
  terms: MarketTradeConfig,
  available: (currency: string) => string,
  book: BookSides | undefined,
): DecimalString | null {
  const scale = amountScale(terms)
  const share = (balance: string) =>
    divide(multiply(parseDecimal(balance), parseDecimal(String(pct))), parseDecimal('100'), 24, 'down')
  if (draft.side === 'sell') return round(share(available(terms.base)), scale, 'down')
  const budget = share(available(terms.quote))
  if (draft.type === 'market') return book ? amountForBudget(book.asks, budget, scale) : null
  const price = positive(draft.price)
  return price ? divide(budget, price, scale, 'down') : null
}
