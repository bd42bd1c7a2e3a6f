import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { TickerSnapshot } from '../../../common/engine-api'
import type { MarketItem } from '../../../common/market'
import { Tabs } from '../../ui/Tabs'
import { MarketList } from './MarketList'
import { rankMarkets, type Ranking } from './market-model'

/**
 * Home gain list: Comprehensive (24 h quote volume), Increase (risers only, top gainer first) and Decline (fallers
 * only, top loser first). Before any price it waits; with prices but no riser (faller) it says so.
 */
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
  const ranked = rankMarkets(items, tickers, ranking)
  const priced = items.some((i) => tickers.has(i.extends))
  const empty = !priced
    ? t({ id: 'market.waitingPrices', message: 'Waiting for prices…' })
    : ranking === 'increase'
      ? t({ id: 'home.noRisers', message: 'No market is up over the last 24 h.' })
      : t({ id: 'home.noFallers', message: 'No market is down over the last 24 h.' })
  return (
    <section className="gain-list">
      <Tabs tabs={tabs} value={ranking} onChange={setRanking} className="tabs--compact" />
      <MarketList items={ranked} tickers={tickers} onOpen={onOpen} empty={empty} />
    </section>
  )
}
