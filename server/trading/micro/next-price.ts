/**
 * The opening price of a second contract (issue 21 part 3): the first feed price the server RECEIVES after it accepted
 * the order, not the latest one before it. With the latest price before acceptance, a user who sees a move elsewhere
 * before the server has priced it (a faster feed, another venue) bets on a result already known; a price that reaches
 * the server only after the order is accepted cannot have been seen by the user through it.
 *
 * A price is a ticker (its close) or a trade print (the last of the batch) of the symbol, with its feed event time. It
 * must be fresh (at most the market's maximum age old by the server clock: a replayed or late frame is not a price);
 * the wait is bounded by that same age, and no database transaction is held while waiting.
 */
import { feedDecimal } from '../../../common/amount'
import type { MarketEvent, MarketService } from '../../market/types'
import { isFresh } from '../freshness'
import type { TapePrice } from './price-tape'

/** A price received: its value, its feed event time (ms) and the server time it arrived (ms). */
export interface ReceivedPrice extends TapePrice {
  receivedAt: number
}

/** The price an event carries for `symbol`, if any. */
function priceOf(e: MarketEvent, symbol: string): TapePrice | undefined {
  if (e.symbol !== symbol) return undefined
  let price: number | undefined
  if (e.type === 'ticker') price = e.tick.close
  else if (e.type === 'trades') price = e.trades[e.trades.length - 1]?.price
  // Only a usable price (feed-number.ts: exponent forms read exactly; NaN, ∞, ≤ 0 refused) opens a contract.
  return price !== undefined && feedDecimal(price) ? { price, ts: e.ts } : undefined
}

/**
 * Waits for the first fresh price of `symbol` that `market` delivers from now on.
 * @param maxAgeMs the market's maximum price age: both how old the price may be and how long to wait, ms
 * @param now the server clock (ms)
 * @returns the price, or undefined when none came within `maxAgeMs`
 */
export function nextPrice(
  market: Pick<MarketService, 'onEvent'>,
  symbol: string,
  maxAgeMs: number,
  now: () => number,
): Promise<ReceivedPrice | undefined> {
  return new Promise((resolve) => {
    let unlisten: () => void = () => {}
    const finish = (p: ReceivedPrice | undefined) => {
      clearTimeout(timer)
      unlisten()
      resolve(p)
    }
    const timer = setTimeout(() => finish(undefined), maxAgeMs)
    unlisten = market.onEvent((e) => {
      const p = priceOf(e, symbol)
      if (!p) return
      const at = now()
      if (isFresh(p.ts, at, maxAgeMs)) finish({ ...p, receivedAt: at })
    })
  })
}
