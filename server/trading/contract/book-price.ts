/**
 * The price a futures order gets at market: the VWAP of the current book's levels it takes (a buy takes the asks, a
 * sell the bids), with the book it used as its feed event. Refused, naming the field, when the book is older than the
 * market's maximum price age (freshness.ts, issue 21 part 3), too thin or would move the price past the market's
 * slippage cap (as spot market orders are). The same walk executes a limit order that crosses the book (as a taker, up
 * to its limit price) and a take-profit or stop-loss once the mark reaches it (a conditional market order).
 */
import { compare, parseDecimal, round, type DecimalString } from '../../../common/amount'
import type { FeedEvent } from '../../../common/api/trade'
import { walkBook, withinSlippage } from '../../../common/trading/book-walk'
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

/**
 * What a limit order of `limit` does at placement: when its whole `amount` can be taken from a fresh book at prices
 * no worse than `limit` (a buy: asks ≤ limit; a sell: bids ≥ limit) within the slippage cap, it executes now as a
 * taker at the walk's VWAP (answered); otherwise (it does not cross, the book within its price is too thin, or the
 * book is stale) it rests (undefined). Partial executions are not made: a futures order fills whole or waits.
 */
export function crossingPrice(
  market: Pick<MarketService, 'source' | 'lastBook'>,
  terms: ContractTerms,
  taker: 'buy' | 'sell',
  amount: DecimalString,
  limit: DecimalString,
  now: Date,
  maxAgeMs: number,
): BookPrice | undefined {
  const book = market.lastBook(terms.symbol)
  if (!book || !isFresh(book.tick.ts, now, maxAgeMs)) return undefined
  const levels = (taker === 'buy' ? book.tick.asks : book.tick.bids).filter(([price]) => {
    const c = compare(parseDecimal(String(price)), limit)
    return taker === 'buy' ? c <= 0 : c >= 0
  })
  if (levels.length === 0) return undefined
  try {
    return marketPrice(
      { source: market.source, lastBook: () => ({ ...book, tick: { ...book.tick, asks: levels, bids: levels } }) },
      terms,
      taker,
      amount,
      now,
      maxAgeMs,
    )
  } catch (err) {
    if (err instanceof DomainError) return undefined
    throw err
  }
}
