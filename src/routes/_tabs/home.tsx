import { Trans } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useMemo } from 'react'
import { TICKER_FREQ_MS } from '../../../common/constants'
import { useTickers } from '../../engine'
import { AnnouncementTicker, HomeHeader, loadTickerNotices } from '../../features/home'
import {
  FeedStatus,
  GainList,
  gainListMarkets,
  isListedMarket,
  LoadFailed,
  loadMarkets,
  PopularCards,
  useOpenMarket,
} from '../../features/markets'
import { PullToRefresh } from '../../ui/PullToRefresh'

/** Home (spec §2): announcements, popular markets and the gain list with its three rankings. */
export const Route = createFileRoute('/_tabs/home')({
  // The ticker's announcements load beside the markets (not after the first render): its text is the largest paint.
  loader: async ({ context, abortController }) => {
    const [markets, notices] = await Promise.all([
      loadMarkets(context.api),
      loadTickerNotices(context.api, abortController.signal),
    ])
    return { ...markets, notices }
  },
  staleTime: 60_000,
  component: HomePage,
})

function HomePage() {
  const { items, failed, notices } = Route.useLoaderData()
  const router = useRouter()
  const open = useOpenMarket()
  const popular = useMemo(() => items.filter((i) => i.popular && isListedMarket(i)), [items])
  const ranked = useMemo(() => gainListMarkets(items), [items])
  const symbols = useMemo(() => [...new Set([...popular, ...ranked].map((i) => i.extends))], [popular, ranked])
  const tickers = useTickers(symbols, TICKER_FREQ_MS)

  return (
    <div className="page page--tab">
      <HomeHeader />
      <PullToRefresh onRefresh={() => router.invalidate()}>
        <AnnouncementTicker list={notices} />
        <FeedStatus tickers={tickers} overlay />
        {failed ? (
          <LoadFailed onRetry={() => void router.invalidate()} />
        ) : (
          <>
            {popular.length > 0 && (
              <section className="home-section">
                <h2 className="section-title">
                  <Trans id="home.popular">Popular</Trans>
                </h2>
                <PopularCards items={popular} tickers={tickers} onOpen={open} />
              </section>
            )}
            <section className="home-section home-section--list">
              <GainList items={ranked} tickers={tickers} onOpen={open} />
            </section>
          </>
        )}
      </PullToRefresh>
    </div>
  )
}
