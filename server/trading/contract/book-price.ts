/**
 * The price a futures order gets at market: the VWAP of the current book's levels it takes (a buy takes the asks, a
 * sell the bids), with the book it used as its feed event. Refused, naming the field, when the book is older than the
 * market's maximum price age (freshness.ts, issue 21 part 3), too thin or would move the price past the market's
 * slippage cap (as spot market orders are). The same walk executes what a limit order that crosses the book takes (as
 * a taker, up to its limit price; the rest rests) and a take-profit or stop-loss once the mark reaches it (a conditional market order).
 */
import { compare, feedDecimal, round, sign, subtract, type DecimalString } from '../../../common/amount'
import type { FeedEvent } from '../../../common/api/trade'
import { walkBook, walkBookTo, withinSlippage } from '../../../common/trading/book-walk'
import { DomainError } from '../../domain/errors'
import type { MarketService } from '../../market/types'
import { fieldError } from '../../money/amounts'
import { DEFAULT_PRICE_MAX_AGE_MS, isFresh } from '../freshness'
import type { ContractTerms } from './config'

/**
 * The oldest book a market order fills against when the caller passes no market limit, ms: the default maximum price
 * age (freshness.ts). Callers with a database pass `priceMaxAgeMs(db, symbol)`.
 */
export const BOOK_MAX_AGE_MS = DEFAULT_PRICE_MAX_AGE_MS
/** Most decimals of a market price (the risk book's precision). */
export const PRICE_MAX_SCALE = 12

/** A price from the book with the book as its feed event. */
export interface BookPrice {
  price: DecimalString
  event: FeedEvent
}

/**
 * Walks the book of `terms.symbol` for `amount` on the `taker` side.
 * @param maxAgeMs the oldest book accepted, ms (the market's `priceMaxAgeMs`)
 * @throws DomainError `priceStale` (unavailable, field `type`), `bookTooThin` / `slippageTooFar` (field `amount`).
 */
export function marketPrice(
  market: Pick<MarketService, 'source' | 'lastBook'>,
  terms: ContractTerms,
  taker: 'buy' | 'sell',
  amount: DecimalString,
  now: Date,
  maxAgeMs: number = BOOK_MAX_AGE_MS,
): BookPrice {
  const book = market.lastBook(terms.symbol)
  if (!book || !isFresh(book.tick.ts, now, maxAgeMs)) {
    throw new DomainError('unavailable', 'priceStale', { field: 'type' })
  }
  const walk = walkBook(
    taker === 'buy' ? book.tick.asks : book.tick.bids,
    amount,
    Math.min(terms.pricePrecision + 4, PRICE_MAX_SCALE),
    taker,
  )
  if (!walk) throw fieldError('amount', 'bookTooThin', {}, 'rejected')
  if (!withinSlippage(taker, walk.fills[0]!.price, walk.worst, terms.slippageCap)) {
    throw fieldError('amount', 'slippageTooFar', { percent: round(terms.slippageCap, 6, 'down') }, 'rejected')
  }
  const event: FeedEvent = {
    source: market.source,
    topic: `market.${terms.symbol}.depth.step0`,
    ts: book.tick.ts,
    price: walk.vwap,
    ref: `book:${book.tick.version}`,
    recorded: book.recorded ?? null,
  }
  return { price: walk.vwap, event }
}

/** What a crossing limit order takes from the book at once: `amount` at `price` (the walk's VWAP), citing the book. */
export interface BookTake extends BookPrice {
  amount: DecimalString
}

/**
 * What a limit order of `limit` takes at placement (issue 21 part 4: "A limit order that crosses the book executes at
 * once as a taker at book prices (walking levels, slippage cap) and only its remainder rests as maker"): the levels
 * of a fresh book at `limit` or better (a buy: asks ≤ limit; a sell: bids ≥ limit) and within the market's slippage
 * cap of the best level, walked for up to `amount`; their depth, floored at `scale` decimals, executes now at the
 * walk's VWAP. Undefined (the order rests whole) when the book is stale or nothing crosses, or when what crosses is
 * less than the market's minimum `minAmount` and not the whole order (a part below the minimum is not made: as on
 * Binance, where a fill smaller than the minimum quantity comes only as the last of an order). Levels past the
 * slippage cap are not taken: that part rests at the limit price (a print through it fills it later) — as Binance's
 * price protection caps a taker's walk.
 */
export function crossingTake(
  market: Pick<MarketService, 'source' | 'lastBook'>,
  terms: ContractTerms,
  taker: 'buy' | 'sell',
  amount: DecimalString,
  limit: DecimalString,
  now: Date,
  maxAgeMs: number,
  scale: number,
): BookTake | undefined {
  const book = market.lastBook(terms.symbol)
  if (!book || !isFresh(book.tick.ts, now, maxAgeMs)) return undefined
  const side = taker === 'buy' ? book.tick.asks : book.tick.bids
  const best = side.map(([p]) => feedDecimal(p)).find((p) => p !== undefined)
  if (!best) return undefined
  const levels = side.filter(([p]) => {
    const price = feedDecimal(p)
    if (!price) return false
    const c = compare(price, limit)
    return (taker === 'buy' ? c <= 0 : c >= 0) && withinSlippage(taker, best, price, terms.slippageCap)
  })
  const { left } = walkBookTo(taker, levels, amount, limit)
  const take = round(subtract(amount, left), scale, 'down')
  if (sign(take) <= 0) return undefined
  if (compare(take, amount) < 0 && compare(take, terms.minAmount) < 0) return undefined
  try {
    const filtered = { ...book, tick: { ...book.tick, asks: levels, bids: levels } }
    const walked = marketPrice({ source: market.source, lastBook: () => filtered }, terms, taker, take, now, maxAgeMs)
    return { ...walked, amount: take }
  } catch (err) {
    if (err instanceof DomainError) return undefined
    throw err
  }
}
