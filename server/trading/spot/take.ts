/**
 * Spot orders that take from the current book at placement (issue 11 part 1, issue 21 parts 3 and 4): a market order
 * walks the opposite side for its whole amount; a limit order that crosses the book (a buy priced at or above the
 * best ask, a sell at or below the best bid) walks it at once as a taker, up to its price, at the taker rate, and only
 * what is left rests at its own price as a maker — as a limit order on Binance, OKX or HTX matches the resting book
 * first. Both refuse a book older than the market's maximum price age (freshness.ts, 2 s by default) rather than
 * fill at an old price, and a walk past the slippage cap: a market order whose walk would go further than the cap from
 * the best price, a crossing limit priced further than the cap through it (as Binance's PERCENT_PRICE_BY_SIDE filter
 * refuses a limit price too far from the market).
 */
import { eq } from 'drizzle-orm'
import { compare, multiply, parseDecimal, type DecimalString } from '../../../common/amount'
import { walkBook, walkBookTo, withinSlippage, type LevelFill } from '../../../common/trading/book-walk'
import type { Db } from '../../db/client'
import { spotOrders } from '../../db/schema'
import { DomainError } from '../../domain/errors'
import type { MarketService } from '../../market/types'
import { fieldError } from '../../money/amounts'
import { isFresh } from '../freshness'
import type { TradeTerms } from './config'
import { applyFill, type OrderRow } from './fills'

/** The market a taker fill needs: its source (cited by each fill) and its latest books. */
export type BookMarket = Pick<MarketService, 'source' | 'lastBook'>

/** An order as it takes: its terms, side and amount; `limit` for a limit order. */
export interface TakingOrder {
  terms: TradeTerms
  side: 'buy' | 'sell'
  amount: DecimalString
  limit: DecimalString | null
}

type LastBook = NonNullable<ReturnType<BookMarket['lastBook']>>

/** The book `o` may take from now, or `priceStale` (naming `field`) when there is none this fresh. */
function freshBook(market: BookMarket, o: TakingOrder, now: Date, maxAgeMs: number, field: string): LastBook {
  const book = market.lastBook(o.terms.symbol)
  if (!book || !isFresh(book.tick.ts, now, maxAgeMs)) throw new DomainError('unavailable', 'priceStale', { field })
  return book
}

/**
 * True when a limit order at `limit` would take from `market`'s latest book (whatever its age): a buy at or above
 * the best ask, a sell at or below the best bid. False when there is no book, or its side is empty.
 */
export function crossesBook(market: BookMarket, symbol: string, side: 'buy' | 'sell', limit: DecimalString): boolean {
  const book = market.lastBook(symbol)
  const best = (side === 'buy' ? book?.tick.asks : book?.tick.bids)?.[0]
  if (!best) return false
  const c = compare(parseDecimal(String(best[0])), limit)
  return side === 'buy' ? c <= 0 : c >= 0
}

/**
 * Fills a market order `row` against the current book, level by level, in `tx` (its funds from `available`).
 * @throws DomainError `priceStale` (type) when the book is older than `maxAgeMs`; `bookTooThin`, `slippageTooFar`
 *   (amount)
 */
export async function fillMarket(
  market: BookMarket,
  tx: Db,
  row: OrderRow,
  o: TakingOrder,
  now: Date,
  maxAgeMs: number,
): Promise<OrderRow> {
  const book = freshBook(market, o, now, maxAgeMs, 'type')
  const levels = o.side === 'buy' ? book.tick.asks : book.tick.bids
  const walk = walkBook(levels, o.amount, o.terms.pricePrecision + 4, o.side)
  if (!walk) throw fieldError('amount', 'bookTooThin', {}, 'rejected')
  if (!withinSlippage(o.side, walk.fills[0]!.price, walk.worst, o.terms.slippageCap)) {
    const percent = multiply(o.terms.slippageCap, parseDecimal('100'))
    throw fieldError('amount', 'slippageTooFar', { percent }, 'rejected')
  }
  return fillLevels(market, tx, row, o, book, walk.fills, now)
}

/**
 * Takes what a crossing limit order `row` (inserted at the taker rate, its funds frozen) crosses in the current book,
 * up to its price, then leaves the rest resting at `makerFeeRate`: the order's taker part is recorded
 * (`taker_amount`, `taker_quote`, `taker_fee`, see fills.ts) so the resting part's fees are the maker rate's alone.
 * A book that no longer crosses takes nothing (the order rests whole, at the maker rate).
 * @throws DomainError `priceStale` (price) when the book is older than `maxAgeMs`; `limitPriceTooFar` (price) when
 *   the limit lies further than the slippage cap through the best price
 */
export async function takeCrossing(
  market: BookMarket,
  tx: Db,
  row: OrderRow,
  o: TakingOrder & { limit: DecimalString },
  now: Date,
  maxAgeMs: number,
): Promise<OrderRow> {
  const book = freshBook(market, o, now, maxAgeMs, 'price')
  const levels = o.side === 'buy' ? book.tick.asks : book.tick.bids
  const { fills } = walkBookTo(o.side, levels, o.amount, o.limit)
  let order = row
  if (fills.length > 0) {
    if (!withinSlippage(o.side, fills[0]!.price, o.limit, o.terms.slippageCap)) {
      const percent = multiply(o.terms.slippageCap, parseDecimal('100'))
      throw fieldError('price', 'limitPriceTooFar', { percent }, 'rejected')
    }
    order = await fillLevels(market, tx, row, o, book, fills, now)
  }
  if (order.status === 'filled') return order
  const [rests] = await tx
    .update(spotOrders)
    .set({
      feeRate: o.terms.makerFeeRate,
      takerAmount: parseDecimal(order.filledAmount),
      takerQuote: parseDecimal(order.filledQuote),
      takerFee: parseDecimal(order.fee),
      updatedAt: now,
    })
    .where(eq(spotOrders.id, order.id))
    .returning()
  return rests!
}

/** Applies `fills` (levels of `book`) to `row` in `tx`, each citing the book. */
async function fillLevels(
  market: BookMarket,
  tx: Db,
  row: OrderRow,
  o: TakingOrder,
  book: LastBook,
  fills: readonly LevelFill[],
  now: Date,
): Promise<OrderRow> {
  let order = row
  for (const level of fills) {
    const event = {
      source: market.source,
      topic: `market.${o.terms.symbol}.depth.step0`,
      ts: book.tick.ts,
      price: level.price,
      ref: `book:${book.tick.version}`,
      recorded: book.recorded ?? null,
    }
    const next = await applyFill(tx, order, { price: level.price, amount: level.amount, event }, now)
    // Nothing else can touch an order inside the transaction that inserted it.
    if (!next) throw new Error(`spot order ${row.id} changed while it was being placed`)
    order = next
  }
  return order
}
