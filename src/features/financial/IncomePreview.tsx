import { Trans, useLingui } from '@lingui/react/macro'
import type { FinancialProduct } from '../../../common/api/financial'
import { previewIncome } from './figures'
import './financial.css'
import { formatMoney } from '../../lib/format'

/**
 * What the typed amount earns, exactly as the server will credit it (figures.ts): the income of one day and of the
 * whole cycle. Dashes until the amount reads as a positive number.
 */
export function IncomePreview({ amount, product }: { amount: string; product: FinancialProduct }) {
  const { i18n } = useLingui()
  const days = product.cycle_days
  const { daily, total } = previewIncome(amount, product)
  const money = (v: string | null) => (v === null ? '--' : `${formatMoney(v, i18n.locale)} ${product.currency}`)
  return (
    <dl className="fi-preview" aria-live="polite">
      <div className="fi-preview__row">
        <dt>
          <Trans id="financial.expectedDaily">Expected daily income</Trans>
        </dt>
        <dd data-testid="fi-expected-daily" className={daily === null ? undefined : 'trend--up'}>
          {money(daily)}
        </dd>
      </div>
      <div className="fi-preview__row fi-preview__row--total">
        <dt>
          <Trans id="financial.expectedTotal">Total income over {days} days</Trans>
        </dt>
        <dd data-testid="fi-expected-total" className={total === null ? undefined : 'trend--up'}>
          {money(total)}
        </dd>
      </div>
    </dl>
  )
}
