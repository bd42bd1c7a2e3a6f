import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { LoadFailed, loadMarkets, SourceBadge } from '../features/markets'
import { TradeScreen } from '../features/trade'
import { dealSymbolStore } from '../state/deal-symbol'
import { PageHeader } from '../ui/PageHeader'

/**
 * /trade: spot buy and sell of the pair in dealSymbol.trade (set by the K-line page's Buy / Sell or the pair switch),
 * spec §2. The form and book work signed out; placing an order and the order lists need a session.
 */
export const Route = createFileRoute('/trade')({
  loader: ({ context }) => loadMarkets(context.api),
  staleTime: 60_000,
  component: TradePage,
})

function TradePage() {
  const { items, failed } = Route.useLoaderData()
  const { api } = Route.useRouteContext()
  const router = useRouter()
  const { trade } = useSnapshot(dealSymbolStore)
  const { t } = useLingui()
  const market = items.find((m) => m.extends === trade.extends && m.tradable.spot)
  return (
    <div className="page">
      <PageHeader title={t({ id: 'page.trade', message: 'Spot trading' })} right={<SourceBadge />} />
      {failed ? (
        <LoadFailed onRetry={() => void router.invalidate()} />
      ) : !market ? (
        <p className="kline-missing" role="alert">
          <Trans id="kline.pairMissing">Transaction does not exist</Trans>
        </p>
      ) : (
        <TradeScreen api={api} market={market} markets={items} />
      )}
    </div>
  )
}
