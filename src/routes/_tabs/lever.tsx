import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { loadMarkets } from '../../features/markets'
import { AreaTab } from '../-components/AreaTab'

/** Futures (contracts) tab: built by a later issue; until then the selected pair (dealSymbol.lever) and its live price. */
export const Route = createFileRoute('/_tabs/lever')({
  loader: ({ context }) => loadMarkets(context.api),
  staleTime: 60_000,
  component: LeverPage,
})

function LeverPage() {
  const { items } = Route.useLoaderData()
  const { t } = useLingui()
  return <AreaTab title={t({ id: 'nav.lever', message: 'Futures' })} area="lever" markets={items} />
}
