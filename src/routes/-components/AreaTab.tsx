import { useSnapshot } from 'valtio'
import type { MarketItem } from '../../../common/market'
import { PairQuote, SourceBadge } from '../../features/markets'
import { dealSymbolStore, type DealArea } from '../../state/deal-symbol'
import { ComingSoon } from '../../ui/ComingSoon'
import { ThemeSwitch } from '../../features/settings'

/**
 * A trading-area tab whose screen a later issue builds (micro, lever, assets): the area's selected pair with its
 * live price, and the honest "later release" note. No controls that do nothing.
 */
export function AreaTab({ title, area, markets }: { title: string; area: DealArea; markets: readonly MarketItem[] }) {
  const pairs = useSnapshot(dealSymbolStore)
  const pair = pairs[area]
  const market = markets.find((m) => m.extends === pair.extends)
  return (
    <div className="page page--tab">
      <header className="tab-header">
        <h1 className="tab-header__title">{title}</h1>
        <SourceBadge />
        <span className="tab-header__spacer" />
        <ThemeSwitch />
      </header>
      <ComingSoon>
        <PairQuote pair={pair} market={market} />
      </ComingSoon>
    </div>
  )
}
