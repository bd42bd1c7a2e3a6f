import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { FinancialProduct } from '../../../common/api/financial'
import { percentText } from './figures'
import './financial.css'
import { formatMoney } from '../../lib/format'

/**
 * One product in the list (spec §3 "Financial product"): name and cycle, annual and daily yield, subscription bounds
 * and the early-redemption fee, and Subscribe (to /buy-mining with its id).
 */
export function ProductCard({ product: p }: { product: FinancialProduct }) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const days = p.cycle_days
  const money = (v: string) => formatMoney(v, locale, { minScale: 0 })
  return (
    <article className="fi-card" data-testid="fi-product" data-id={p.id}>
      <header className="fi-card__head">
        <h2 className="fi-card__name">{p.name}</h2>
        <span className="fi-pill">{t({ id: 'financial.cycleDays', message: `${days} days` })}</span>
      </header>
      <div className="fi-yields">
        <div className="fi-yield">
          <span className="fi-yield__value fi-yield__value--big" data-testid="fi-annual">
            {percentText(p.annual_rate, locale)}%
          </span>
          <span className="fi-yield__label">
            <Trans id="financial.annualYield">Annual yield</Trans>
          </span>
        </div>
        <div className="fi-yield">
          <span className="fi-yield__value" data-testid="fi-daily">
            {percentText(p.daily_rate, locale)}%
          </span>
          <span className="fi-yield__label">
            <Trans id="financial.dailyYield">Daily yield</Trans>
          </span>
        </div>
      </div>
      <dl className="fi-terms">
        <div className="fi-terms__row">
          <dt>
            <Trans id="financial.bounds">Subscription</Trans>
          </dt>
          <dd data-testid="fi-bounds">
            {money(p.min_amount)} – {money(p.max_amount)} {p.currency}
          </dd>
        </div>
        <div className="fi-terms__row">
          <dt>
            <Trans id="financial.earlyFee">Early redemption fee</Trans>
          </dt>
          <dd data-testid="fi-fee">{percentText(p.early_redeem_fee_rate, locale)}%</dd>
        </div>
      </dl>
      <Link to="/buy-mining" search={{ id: p.id }} className="btn btn--primary btn--block fi-card__go">
        <Trans id="financial.subscribe">Subscribe</Trans>
      </Link>
    </article>
  )
}
