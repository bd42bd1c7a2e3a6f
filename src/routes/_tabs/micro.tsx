import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { loadMarkets } from '../../features/markets'
import { AreaTab } from '../-components/AreaTab'

/** Options (second contract) tab: built by a later issue; until then the selected pair (dealSymbol.option) and its live price. */
export const Route = createFileRoute('/_tabs/micro')({
  loader: ({ context }) => loadMarkets(context.api),
  staleTime: 60_000,
  component: MicroPage,
})

function MicroPage() {
  const { items } = Route.useLoaderData()
  const { t } = useLingui()
  return <AreaTab title={t({ id: 'nav.micro', message: 'Options' })} area="option" markets={items} />
}
