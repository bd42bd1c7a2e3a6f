import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { TickerSnapshot } from '../../../common/engine-api'
import type { MarketItem } from '../../../common/market'
import { Tabs } from '../../ui/Tabs'
import { MarketList } from './MarketList'
import { rankMarkets, type Ranking } from './market-model'
import { useSettled } from './use-settled'

/**
 * How long the gain list waits, after its first price, for the other markets' first prices before it ranks them, ms.
 * The feed sends each market's first ticker as that market next trades, so on a cold start they arrive over a few
 * hundred ms; ranking the first one alone and then inserting the rest above it pushes rows down the screen (layout
 * shift, issue 9). Once every market has a price the wait ends at once.
 */
export const RANK_SETTLE_MS = 600

/**
 * Home gain list: Comprehensive (24 h quote volume), Increase (risers only, top gainer first) and Decline (fallers
 * only, top loser first). Before the prices are in (see {@link RANK_SETTLE_MS}) it waits; with prices but no riser
 * (faller) it says so.
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
  const pricedCount = items.filter((i) => tickers.has(i.extends)).length
  const priced = useSettled(pricedCount > 0, pricedCount === items.length, RANK_SETTLE_MS)
  const ranked = priced ? rankMarkets(items, tickers, ranking) : []
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
