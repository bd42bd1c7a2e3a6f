/**
 * The price a futures order gets at market: the VWAP of the current book's levels it takes (a buy takes the asks, a
 * sell the bids), with the book it used as its feed event. Refused, naming the field, when the book is stale, too thin
 * or would move the price past the market's slippage cap (as spot market orders are).
 */
import { round, type DecimalString } from '../../../common/amount'
import type { FeedEvent } from '../../../common/api/trade'
import { walkBook, withinSlippage } from '../../../common/trading/book-walk'
import { DomainError } from '../../domain/errors'
import type { MarketService } from '../../market/types'
import { fieldError } from '../../money/amounts'
import type { ContractTerms } from './config'

/** The oldest book a market order fills against, ms (as spot: older means the feed stalled). */
export const BOOK_MAX_AGE_MS = 10_000
/** Most decimals of a market price (the risk book's precision). */
export const PRICE_MAX_SCALE = 12

/**
 * Walks the book of `terms.symbol` for `amount` on the `taker` side.
 * @throws DomainError `priceStale` (unavailable, field `type`), `bookTooThin` / `slippageTooFar` (field `amount`).
 */
export function marketPrice(
  market: Pick<MarketService, 'source' | 'lastBook'>,
  terms: ContractTerms,
  taker: 'buy' | 'sell',
  amount: DecimalString,
  now: Date,
): { price: DecimalString; event: FeedEvent } {
  const book = market.lastBook(terms.symbol)
  if (!book || now.getTime() - book.tick.ts > BOOK_MAX_AGE_MS) {
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
