import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { KLINE_PERIODS } from '../../common/feed/topics'
import { KlineView } from '../features/kline'
import { LoadFailed, loadMarkets, pairName, SourceBadge } from '../features/markets'
import { PageHeader } from '../ui/PageHeader'

/**
 * `?symbol=` the market's feed symbol (`extends`, default btcusdt; numbers from the URL parser are read as text) and
 * `?period=` one of KLINE_PERIODS (default 1min; anything else falls back to 1min).
 */
const searchSchema = z.object({
  symbol: z.catch(z._default(z.pipe(z.union([z.string(), z.number()]), z.transform(String)), 'btcusdt'), 'btcusdt'),
  period: z.catch(z._default(z.enum(KLINE_PERIODS), '1min'), '1min'),
})

/** K-line page (spec §2): quote, candles with a period switch, order book, trades, depth, buttons to trade. */
export const Route = createFileRoute('/kline')({
  validateSearch: searchSchema,
  loader: ({ context }) => loadMarkets(context.api),
  staleTime: 60_000,
  component: KlinePage,
})

function KlinePage() {
  const { items, failed } = Route.useLoaderData()
  const { symbol, period } = Route.useSearch()
  const navigate = Route.useNavigate()
  const router = useRouter()
  const { t } = useLingui()
  const market = items.find((m) => m.extends === symbol)
  // A perpetual contract reads like its spot pair; say which one this is, as the market list does.
  const perp = market?.category === 'futures' ? ` · ${t({ id: 'market.perpetual', message: 'Perp' })}` : ''
  const title = market ? pairName(market) + perp : t({ id: 'kline.title', message: 'K-line' })
  return (
    <div className="page">
      <PageHeader title={title} right={<SourceBadge />} />
      {failed ? (
        <LoadFailed onRetry={() => void router.invalidate()} />
      ) : !market ? (
        <p className="kline-missing" role="alert">
          <Trans id="kline.pairMissing">Transaction does not exist</Trans>
        </p>
      ) : (
        <KlineView
          market={market}
          period={period}
          onPeriod={(p) => void navigate({ search: { symbol, period: p }, replace: true })}
        />
      )}
    </div>
  )
}
