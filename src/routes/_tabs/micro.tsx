import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Suspense } from 'react'
import { loadMarkets, SourceBadge } from '../../features/markets'
import { loadProducts, MicroScreenLazy } from '../../features/micro'
import { ThemeSwitch } from '../../features/settings'
import { Spinner } from '../../ui/Spinner'

/**
 * Options (second contract) tab (spec §2 micro): the pair of dealSymbol.option with its live price and chart, Rise or
 * Fall over a duration, and the user's open contracts counting down to their results. The markets and the products
 * are public; the balance and the contracts are read once signed in.
 */
export const Route = createFileRoute('/_tabs/micro')({
  loader: async ({ context }) => {
    const [markets, { products }] = await Promise.all([loadMarkets(context.api), loadProducts(context.api)])
    return { markets: markets.items, products }
  },
  staleTime: 60_000,
  component: MicroPage,
})

function MicroPage() {
  const { markets, products } = Route.useLoaderData()
  const { t } = useLingui()
  return (
    <div className="page page--tab">
      <header className="tab-header">
        <h1 className="tab-header__title">{t({ id: 'nav.micro', message: 'Options' })}</h1>
        <SourceBadge />
        <span className="tab-header__spacer" />
        <ThemeSwitch />
      </header>
      <Suspense
        fallback={
          <div className="empty-state">
            <Spinner size={24} />
          </div>
        }
      >
        <MicroScreenLazy markets={markets} products={products} />
      </Suspense>
    </div>
  )
}
