import { useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useMemo } from 'react'
import * as z from 'zod/mini'
import { TICKER_FREQ_MS } from '../../../common/constants'
import { MARKET_CATEGORIES, type MarketCategory } from '../../../common/market'
import { useTickers } from '../../engine'
import { FeedStatus, LoadFailed, loadMarkets, MarketList, SourceBadge, useOpenMarket } from '../../features/markets'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { Tabs } from '../../ui/Tabs'
import { ThemeSwitch } from '../../features/settings'

/** `?category=spot|futures|forex` (default spot; anything else falls back to spot). */
const searchSchema = z.object({ category: z.catch(z._default(z.enum(MARKET_CATEGORIES), 'spot'), 'spot') })

/** Market (spec §2): Spot, Futures and Forex tabs; name / 24h volume, latest price, quote change. */
export const Route = createFileRoute('/_tabs/market')({
  validateSearch: searchSchema,
  loader: ({ context }) => loadMarkets(context.api),
  staleTime: 60_000,
  component: MarketPage,
})

function MarketPage() {
  const { items, failed } = Route.useLoaderData()
  const { category } = Route.useSearch()
  const navigate = Route.useNavigate()
  const router = useRouter()
  const open = useOpenMarket()
  const { t } = useLingui()
  const shown = useMemo(() => items.filter((i) => i.category === category), [items, category])
  const tickers = useTickers(
    useMemo(() => shown.map((i) => i.extends), [shown]),
    TICKER_FREQ_MS,
  )
  const tabs: { value: MarketCategory; label: string }[] = [
    { value: 'spot', label: t({ id: 'market.tabSpot', message: 'Spot' }) },
    { value: 'futures', label: t({ id: 'market.tabFutures', message: 'Futures' }) },
    { value: 'forex', label: t({ id: 'market.tabForex', message: 'Forex' }) },
  ]

  return (
    <div className="page page--tab">
      <header className="tab-header">
        <h1 className="tab-header__title">{t({ id: 'market.title', message: 'Markets' })}</h1>
        <SourceBadge />
        <span className="tab-header__spacer" />
        <ThemeSwitch />
      </header>
      <Tabs tabs={tabs} value={category} onChange={(c) => void navigate({ search: { category: c }, replace: true })} />
      <PullToRefresh onRefresh={() => router.invalidate()}>
        <FeedStatus tickers={tickers} overlay />
        {failed ? (
          <LoadFailed onRetry={() => void router.invalidate()} />
        ) : (
          <MarketList
            items={shown}
            tickers={tickers}
            onOpen={open}
            tagFutures={false}
            empty={t({ id: 'market.emptyCategory', message: 'No markets in this category yet.' })}
          />
        )}
      </PullToRefresh>
    </div>
  )
}
