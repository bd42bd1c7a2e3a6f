import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { FinancialProduct } from '../../../common/api/financial'
import { Icon } from '../../ui/Icon'
import { LoadRetry } from '../funds'
import { ProductCard } from './ProductCard'
import './financial.css'

/**
 * The products screen body (/financial, public): what subscribing means in one line, the way to the user's own
 * subscriptions, and a card per open product.
 * @param products the open products; null when they could not be loaded
 */
export function FinancialScreen({ products }: { products: FinancialProduct[] | null }) {
  return (
    <div className="fi-body">
      <p className="fi-intro">
        <Trans id="financial.intro">
          Earn a daily income on your coins: income is credited to your coin account every day, and the principal comes
          back at expiry.
        </Trans>
      </p>
      <Link to="/mining-order" className="fi-mine" data-testid="fi-mine">
        <Icon name="list" size={20} />
        <span className="fi-mine__label">
          <Trans id="financial.mySubscriptions">My subscriptions</Trans>
        </span>
        <Icon name="chevronRight" size={16} />
      </Link>
      {products === null ? (
        <LoadRetry />
      ) : products.length === 0 ? (
        <p className="fi-card fi-none" role="note">
          <Trans id="financial.noProducts">No products are offered right now. Please check back later.</Trans>
        </p>
      ) : (
        products.map((p) => <ProductCard key={p.id} product={p} />)
      )}
    </div>
  )
}
