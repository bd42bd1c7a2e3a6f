import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { FinancialScreen, loadProducts } from '../features/financial'
import { PageHeader } from '../ui/PageHeader'

/** /financial: the financial (yield, "mining") products, public (spec §2), with the way to the user's subscriptions. */
export const Route = createFileRoute('/financial')({
  loader: ({ context }) => loadProducts(context.api),
  staleTime: 30_000,
  component: FinancialPage,
})

function FinancialPage() {
  const { products } = Route.useLoaderData()
  const { t } = useLingui()
  return (
    <div className="page">
      <PageHeader title={t({ id: 'page.financial', message: 'Wealth' })} />
      <FinancialScreen products={products} />
    </div>
  )
}
