/**
 * How each position of a liquidated account closes (liquidate.ts asks, in its transaction): against its market's
 * current fresh book, the remainder a thin book cannot take at the bankruptcy price (liquidation-fill.ts), with the
 * taker fee and the market's clearance fee (config.ts `clearanceFeeRate`, per market) netted by netting.ts. Each close
 * records the book it used as its feed event and the mark's inputs.
 */
import { add, parseDecimal, subtract, type DecimalString } from '../../../common/amount'
import type { FeedEvent } from '../../../common/api/trade'
import { pnlAt } from '../../../common/trading/contract-math'
import type { Db } from '../../db/client'
import type { MarketService } from '../../market/types'
import { isFresh, priceMaxAgeMs } from '../freshness'
import type { PositionRow } from './account'
import { PRICE_MAX_SCALE } from './book-price'
import { contractTerms } from './config'
import { bankruptcyPrice, liquidationFill } from './liquidation-fill'
import type { MarkSnapshot } from './marks'
import type { CloseTerms } from './netting'

/** One position's liquidation close. */
export interface LiquidationClose {
  position: PositionRow
  terms: CloseTerms
}

/**
 * The liquidation closes of one account's `positions` (all of its open positions, valued at `marks`) given its
 * wallet's `available` balance; undefined when a symbol's book is missing or older than the market's maximum price
 * age (the liquidation then waits for the next fresh tick, as triggers do).
 */
export async function liquidationCloses(
  tx: Db,
  market: Pick<MarketService, 'source' | 'lastBook'>,
  positions: readonly PositionRow[],
  marks: ReadonlyMap<string, MarkSnapshot | undefined>,
  available: DecimalString,
  now: Date,
): Promise<LiquidationClose[] | undefined> {
  const d = parseDecimal
  const pnlAtMark = (p: PositionRow) => pnlAt(p.side, d(p.amount), d(p.openPrice), marks.get(p.symbol)!.price)
  const wallet = positions.reduce((sum, p) => add(sum, d(p.margin)), available)
  const equity = positions.reduce((sum, p) => add(sum, pnlAtMark(p)), wallet)
  const closes: LiquidationClose[] = []
  for (const p of positions) {
    const terms = (await contractTerms(tx, p.symbol))!
    const book = market.lastBook(p.symbol)
    if (!book || !isFresh(book.tick.ts, now, await priceMaxAgeMs(tx, p.symbol))) return undefined
    const mark = marks.get(p.symbol)!
    const scale = Math.min(terms.pricePrecision + 4, PRICE_MAX_SCALE)
    // The account's margin balance without this position's PnL at the mark, plus what its book part realized.
    const others = subtract(equity, pnlAtMark(p))
    const fill = liquidationFill(
      p.side,
      p.side === 'long' ? book.tick.bids : book.tick.asks,
      d(p.amount),
      d(p.openPrice),
      (remainder, bookPnl, bookQuote) =>
        bankruptcyPrice(p.side, remainder, d(p.openPrice), add(others, bookPnl), d(p.closeFeeRate), bookQuote, scale),
      mark.price,
      scale,
    )
    const event: FeedEvent = {
      source: market.source,
      topic: `market.${p.symbol}.depth.step0`,
      ts: book.tick.ts,
      price: fill.price,
      ref: `book:${book.tick.version}`,
      recorded: book.recorded ?? null,
    }
    closes.push({
      position: p,
      terms: {
        price: fill.price,
        reason: 'liquidation',
        event,
        markInputs: { mid: mark.mid, last: mark.last, ema: mark.ema },
        clearanceFeeRate: terms.clearanceFeeRate,
        actor: 'system',
        now,
      },
    })
  }
  return closes
}
