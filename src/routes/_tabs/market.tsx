import { useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouteContext, useRouter } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { useSnapshot } from 'valtio'
import * as z from 'zod/mini'
import { TICKER_FREQ_MS } from '../../../common/constants'
import { MARKET_CATEGORIES } from '../../../common/market'
import { useTickers } from '../../engine'
import {
  FeedStatus,
  isListedMarket,
  LoadFailed,
  loadMarkets,
  MarketList,
  MarketSearch,
  matchesQuery,
  PerpetualList,
  perpetualRows,
  SourceBadge,
  useOpenMarket,
  usePerpetuals,
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
 * price, quote change. Futures lists exactly the perpetuals open for trading (GET contract/tickers: mark price,
 * funding rate), each opening the futures screen. A search over every market and perpetual replaces the tab's list
 * while something is typed (issue 24 part 1).
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
  const { api } = useRouteContext({ from: '__root__' })
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
  const listed = useMemo(() => items.filter(isListedMarket), [items])
  const shown = useMemo(() => {
    if (searching) return listed.filter((i) => matchesQuery(i, query))
    if (category === 'favourites') return favourites.flatMap((f) => listed.filter((i) => i.extends === f)) // in the order starred
    if (category === 'futures') return []
    return listed.filter((i) => i.category === category)
  }, [listed, category, favourites, query, searching])
  const perps = usePerpetuals(api, searching || category === 'futures')
  const perpRows = useMemo(() => {
    const rows = perpetualRows(items, perps.answer)
    return searching ? rows.filter((r) => matchesQuery(r.item, query)) : category === 'futures' ? rows : []
  }, [items, perps.answer, searching, query, category])
  const tickers = useTickers(
    useMemo(() => [...new Set([...shown, ...perpRows.map((r) => r.item)].map((i) => i.extends))], [shown, perpRows]),
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
        ) : category === 'futures' && !searching ? (
          perps.failed ? (
            <LoadFailed onRetry={perps.retry} />
          ) : perps.answer === null ? (
            <div className="market-list__loading" aria-busy="true" />
          ) : (
            <PerpetualList
              rows={perpRows}
              tickers={tickers}
              empty={t({ id: 'market.emptyCategory', message: 'No markets in this category yet.' })}
            />
          )
        ) : (
          <>
            {(!searching || shown.length > 0 || perpRows.length === 0) && (
              <MarketList
                items={shown}
                tickers={tickers}
                onOpen={open}
                tagFutures={false}
                empty={
                  searching
                    ? t({ id: 'market.noMatch', message: `No market matches “${query}”.` })
                    : t({ id: 'market.emptyCategory', message: 'No markets in this category yet.' })
                }
              />
            )}
            {searching && perpRows.length > 0 && <PerpetualList rows={perpRows} tickers={tickers} />}
          </>
        )}
      </PullToRefresh>
    </div>
  )
}
