import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { loadMarkets } from '../../features/markets'
import { AreaTab } from '../-components/AreaTab'

/** Assets tab: built by a later issue; until then the selected pair (dealSymbol.trade) and its live price. */
export const Route = createFileRoute('/_tabs/assets')({
  loader: ({ context }) => loadMarkets(context.api),
  staleTime: 60_000,
  component: AssetsPage,
})

function AssetsPage() {
  const { items } = Route.useLoaderData()
  const { t } = useLingui()
  return <AreaTab title={t({ id: 'nav.assets', message: 'Assets' })} area="trade" markets={items} />
}
