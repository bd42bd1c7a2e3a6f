import { Trans } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import type { FinancialProduct } from '../../../common/api/financial'
import { useWalletAvailable } from '../assets'
import { LoadRetry } from '../funds'
import { useSessionView } from '../user-center'
import { BuyForm } from './BuyForm'
import { FinancialLoginPrompt } from './FinancialLoginPrompt'
import { ProductTerms } from './ProductTerms'
import './financial.css'

/**
 * The subscription screen body (/buy-mining?id=…): the product's terms, then the form (signed out: a login prompt
 * that comes back here). A product that is not open (closed since, or an unknown id) says so with the way back.
 * @param products the open products; null when they could not be loaded
 */
export function BuyScreen({ products, id }: { products: FinancialProduct[] | null; id: number | undefined }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { loggedIn, user } = useSessionView()
  const product = products?.find((p) => p.id === id)
  const key = loggedIn ? `${user?.id ?? ''}:${user?.book ?? ''}` : null
  const balance = useWalletAvailable(api, 'spot', product?.currency ?? 'USDT', key)
  if (products === null) return <LoadRetry />
  if (!product) {
    return (
      <div className="fi-body">
        <p className="fi-card fi-none" role="alert">
          <Trans id="financial.productMissing">This product is not available for subscription.</Trans>
        </p>
        <Link to="/financial" className="btn btn--ghost fi-back">
          <Trans id="financial.allProducts">All products</Trans>
        </Link>
      </div>
    )
  }
  return (
    <div className="fi-body">
      <ProductTerms product={product} />
      {loggedIn ? (
        <BuyForm product={product} available={balance.available} onBought={balance.reload} />
      ) : (
        <FinancialLoginPrompt back={`/buy-mining?id=${product.id}`} />
      )}
    </div>
  )
}
