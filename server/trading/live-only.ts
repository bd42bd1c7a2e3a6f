/**
 * Real money only on live prices (issue 21 part 7). The platform is the counterparty of every live-book order, so an
 * order priced by a feed that is not the live exchange relay (the simulator, a replay) would let a user trade real
 * money against prices that are not the market's: a replay is public data, and a simulator's path can be foreseen.
 * Orders of the live book (spot, futures, second contracts) are therefore refused while the feed is not the live
 * relay (source kind `htx`), unless the operator started the server with `LIVE_TRADING_ON_TEST_FEED=1` (a test venue,
 * the e2e suite). The demo book trades on any feed.
 */
import type { Book } from '../../common/api/user-info'
import type { MarketService } from '../market/types'
import { fieldError } from '../money/amounts'

/** What the guard reads of the running market. */
export type LiveFeed = Pick<MarketService, 'source'> & Partial<Pick<MarketService, 'liveTradingOnTestFeed'>>

/** True when live-book orders are accepted on `market`: its feed is the live relay, or the operator allowed a test feed. */
export function liveTradingOpen(market: LiveFeed): boolean {
  return market.source === 'htx' || market.liveTradingOnTestFeed === true
}

/**
 * Refuses an order of the live book while the feed is not live (see the module comment); the demo book passes.
 * @throws DomainError rejected `liveTradingPaused` (symbol): "Trading is paused: prices are not live" (a state the
 *   operator chose, not a transient failure: the same order is refused until the feed is live)
 */
export function refuseUnlessLive(market: LiveFeed, book: Book): void {
  if (book === 'live' && !liveTradingOpen(market)) throw fieldError('symbol', 'liveTradingPaused', {}, 'rejected')
}
