import { useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { useSnapshot } from 'valtio'
import * as z from 'zod/mini'
import { TICKER_FREQ_MS } from '../../../common/constants'
import { MARKET_CATEGORIES } from '../../../common/market'
import { useTickers } from '../../engine'
import {
  FeedStatus,
  LoadFailed,
  loadMarkets,
  MarketList,
  MarketSearch,
  matchesQuery,
  SourceBadge,
  useOpenMarket,
} from '../../features/markets'
import { favouritesStore } from '../../state/favourites'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { Tabs } from '../../ui/Tabs'
import { ThemeSwitch } from '../../features/settings'

/** The Market tab's lists: the user's favourites, then the categories. */
const TABS = ['favourites', ...MARKET_CATEGORIES] as const
type Tab = (typeof TABS)[number]

/**
 * `?category=favourites|spot|futures|forex`; absent (or anything else): Favourites when the user starred any market,
 * else Spot.
 */
const searchSchema = z.object({ category: z.catch(z.optional(z.enum(TABS)), undefined) })

/**
 * Market (spec §2): Favourites (first, when not empty), Spot, Futures and Forex tabs; name / 24h volume, latest
 * price, quote change. A search over every market replaces the tab's list while something is typed (issue 24 part 1).
 */
export const Route = createFileRoute('/_tabs/market')({
  validateSearch: searchSchema,
  loader: ({ context }) => loadMarkets(context.api),
  staleTime: 60_000,
  component: MarketPage,
})

function MarketPage() {
  const { items, failed } = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const router = useRouter()
  const open = useOpenMarket()
  const { t } = useLingui()
  const { symbols: favourites } = useSnapshot(favouritesStore)
  const [query, setQuery] = useState('')
  const hasFavourites = favourites.length > 0
  const category: Tab =
    search.category === undefined || (search.category === 'favourites' && !hasFavourites)
      ? hasFavourites
        ? 'favourites'
        : 'spot'
      : search.category
  const searching = query.trim() !== ''
  const shown = useMemo(() => {
    if (searching) return items.filter((i) => matchesQuery(i, query))
    if (category === 'favourites') return favourites.flatMap((f) => items.filter((i) => i.extends === f)) // in the order starred
    return items.filter((i) => i.category === category)
  }, [items, category, favourites, query, searching])
  const tickers = useTickers(
    useMemo(() => shown.map((i) => i.extends), [shown]),
    TICKER_FREQ_MS,
  )
  const tabs: { value: Tab; label: string }[] = [
    ...(hasFavourites
      ? [{ value: 'favourites' as const, label: t({ id: 'market.tabFavourites', message: 'Favourites' }) }]
      : []),
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
      <MarketSearch value={query} onChange={setQuery} />
      {!searching && (
        <Tabs
          tabs={tabs}
          value={category}
          onChange={(c) => void navigate({ search: { category: c }, replace: true })}
        />
      )}
      <PullToRefresh onRefresh={() => router.invalidate()}>
        <FeedStatus tickers={tickers} overlay />
        {failed ? (
          <LoadFailed onRetry={() => void router.invalidate()} />
        ) : (
          <MarketList
            items={shown}
            tickers={tickers}
            onOpen={open}
            tagFutures={searching}
            empty={
              searching
                ? t({ id: 'market.noMatch', message: `No market matches “${query}”.` })
                : t({ id: 'market.emptyCategory', message: 'No markets in this category yet.' })
            }
          />
        )}
      </PullToRefresh>
    </div>
  )
}
