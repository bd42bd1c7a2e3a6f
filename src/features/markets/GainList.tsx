import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { TickerSnapshot } from '../../../common/engine-api'
import type { MarketItem } from '../../../common/market'
import { Tabs } from '../../ui/Tabs'
import { MarketList } from './MarketList'
import { rankMarkets, type Ranking } from './market-model'

/** Home gain list: Comprehensive (24 h quote volume), Increase (top gainers) and Decline (top losers). */
export function GainList({
  items,
  tickers,
  onOpen,
}: {
  items: readonly MarketItem[]
  tickers: ReadonlyMap<string, TickerSnapshot>
  onOpen: (item: MarketItem) => void
}) {
  const { t } = useLingui()
  const [ranking, setRanking] = useState<Ranking>('comprehensive')
  const tabs = [
    { value: 'comprehensive', label: t({ id: 'home.rankComprehensive', message: 'Comprehensive' }) },
    { value: 'increase', label: t({ id: 'home.rankIncrease', message: 'Increase' }) },
    { value: 'decline', label: t({ id: 'home.rankDecline', message: 'Decline' }) },
  ] as const
  return (
    <section className="gain-list">
      <Tabs tabs={tabs} value={ranking} onChange={setRanking} className="tabs--compact" />
      <MarketList
        items={rankMarkets(items, tickers, ranking)}
        tickers={tickers}
        onOpen={onOpen}
        empty={t({ id: 'market.waitingPrices', message: 'Waiting for prices…' })}
      />
    </section>
  )
}
