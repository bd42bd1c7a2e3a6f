import { Trans } from '@lingui/react/macro'
import type { TickerSnapshot } from '../../../common/engine-api'
import { useSnapshot } from 'valtio'
import type { MarketItem } from '../../../common/market'
import { favouritesStore } from '../../state/favourites'
import { MarketRow } from './MarketRow'
import './market-search.css'

/** Market table: column heads (name / 24h volume, latest price, quote change) and one row per market. */
export function MarketList({
  items,
  tickers,
  onOpen,
  empty,
  tagFutures = true,
}: {
  items: readonly MarketItem[]
  tickers: ReadonlyMap<string, TickerSnapshot>
  onOpen: (item: MarketItem) => void
  empty?: string
  /** Tag futures rows "Perp" (mixed lists); off where every row is a future. */
  tagFutures?: boolean
}) {
  const { symbols: favourites } = useSnapshot(favouritesStore)
  return (
    <div className="market-list">
      <div className="market-list__head" aria-hidden="true">
        <span>
          <Trans id="market.colName">Name / 24h Vol</Trans>
        </span>
        <span>
          <Trans id="market.colPrice">Last price</Trans>
        </span>
        <span>
          <Trans id="market.colChange">24h change</Trans>
        </span>
      </div>
      {items.length === 0 ? (
        <p className="market-list__empty">{empty}</p>
      ) : (
        <ul className="market-list__rows">
          {items.map((item) => (
            <MarketRow
              key={item.extends}
              item={item}
              ticker={tickers.get(item.extends)}
              onOpen={onOpen}
              tagFutures={tagFutures}
              favourite={favourites.includes(item.extends)}
            />
          ))}
        </ul>
      )}
    </div>
  )
}
