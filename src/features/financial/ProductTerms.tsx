import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { FinancialProduct } from '../../../common/api/financial'
import { percentText } from './figures'
import './financial.css'
import { formatMoney } from '../../lib/format'

/**
 * A product's terms above its subscription form: name, daily and annual yield, cycle, currency, bounds and the
 * early-redemption fee, and how income and principal come back. Each value carries `data-term` for tests.
 */
export function ProductTerms({ product: p }: { product: FinancialProduct }) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const days = p.cycle_days
  const money = (v: string) => `${formatMoney(v, locale, { minScale: 0 })} ${p.currency}`
  const terms: [key: string, label: string, value: ReactNode][] = [
    ['daily', t({ id: 'financial.dailyYield', message: 'Daily yield' }), `${percentText(p.daily_rate, locale)}%`],
    ['annual', t({ id: 'financial.annualYield', message: 'Annual yield' }), `${percentText(p.annual_rate, locale)}%`],
    [
      'cycle',
      t({ id: 'financial.duration', message: 'Duration' }),
      t({ id: 'financial.cycleDays', message: `${days} days` }),
    ],
    ['currency', t({ id: 'financial.currency', message: 'Currency' }), p.currency],
    ['min', t({ id: 'financial.minAmount', message: 'Minimum subscription' }), money(p.min_amount)],
    ['max', t({ id: 'financial.maxAmount', message: 'Maximum subscription' }), money(p.max_amount)],
    [
      'fee',
      t({ id: 'financial.earlyFee', message: 'Early redemption fee' }),
      `${percentText(p.early_redeem_fee_rate, locale)}%`,
    ],
  ]
  return (
    <section className="fi-card">
      <h2 className="fi-card__name">{p.name}</h2>
      <dl className="fi-terms">
        {terms.map(([key, label, value]) => (
          <div key={key} className="fi-terms__row">
            <dt>{label}</dt>
            <dd data-term={key}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="fi-note">
        <Trans id="financial.howItWorks">
          The amount is held from your coin account until expiry. Income is credited to it once a day; the annual yield
          is the daily yield × 365, not compounded.
        </Trans>
      </p>
    </section>
  )
}
