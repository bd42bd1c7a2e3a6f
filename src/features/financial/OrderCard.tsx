import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { FinancialOrder } from '../../../common/api/financial'
import { formatUtcDateTime } from '../../lib/dates'
import { earlyFee, percentText } from './figures'
import './financial.css'
import { formatMoney, trendOf } from '../../lib/format'

/**
 * One subscription (spec §3 "Financial order"): product, state, amount, buy time, duration, expiry, income so far,
 * whether redeemed early (with its fee and what came back); in progress, "Redeem early" with its fee. Each value
 * carries `data-fact` for tests.
 */
export function OrderCard({
  order: o,
  busy,
  onRedeem,
}: {
  order: FinancialOrder
  /** A redemption of this order is being sent. */
  busy: boolean
  onRedeem: () => void
}) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const days = o.cycle_days
  const money = (v: string, signed = false) => `${formatMoney(v, locale, { signed })} ${o.currency}`
  const live = o.status === 'in_progress'
  const rate = percentText(o.early_redeem_fee_rate, locale)
  const fee = money(earlyFee(o.amount, o.early_redeem_fee_rate, o.currency))
  const facts: [key: string, label: string, value: ReactNode][] = [
    ['boughtAt', t({ id: 'financial.buyTime', message: 'Buy time' }), formatUtcDateTime(o.bought_at)],
    [
      'duration',
      t({ id: 'financial.duration', message: 'Duration' }),
      t({ id: 'financial.cycleDays', message: `${days} days` }),
    ],
    ['expiresAt', t({ id: 'financial.expiry', message: 'Expiry' }), formatUtcDateTime(o.expires_at)],
    [
      'income',
      t({ id: 'financial.incomeSoFar', message: 'Income so far' }),
      <span className={trendOf(o.income) > 0 ? 'trend--up' : undefined}>{money(o.income, true)}</span>,
    ],
    [
      'early',
      t({ id: 'financial.redeemedEarlyLabel', message: 'Redeemed early' }),
      o.redeemed_early ? t({ id: 'financial.yes', message: 'Yes' }) : t({ id: 'financial.no', message: 'No' }),
    ],
  ]
  if (o.redeem_fee !== null)
    facts.push(['fee', t({ id: 'financial.feeCharged', message: 'Fee charged' }), money(o.redeem_fee)])
  if (o.returned !== null)
    facts.push(['returned', t({ id: 'financial.returned', message: 'Principal returned' }), money(o.returned)])
  return (
    <li className="fi-card fi-order" data-testid="fi-order" data-id={o.id} data-status={o.status}>
      <div className="fi-order__head">
        <span className="fi-order__name">{o.product_name}</span>
        <span className={`fi-state fi-state--${o.status}`} data-fact="status">
          {live ? (
            <Trans id="financial.state.inProgress">In progress</Trans>
          ) : (
            <Trans id="financial.state.redeemed">Redeemed</Trans>
          )}
        </span>
      </div>
      <div className="fi-order__amount">
        <span className="fi-yield__label">
          <Trans id="financial.principal">Amount</Trans>
        </span>
        <span className="fi-order__value" data-fact="amount">
          {money(o.amount)}
        </span>
      </div>
      <dl className="fi-terms">
        {facts.map(([key, label, value]) => (
          <div key={key} className="fi-terms__row">
            <dt>{label}</dt>
            <dd data-fact={key}>{value}</dd>
          </div>
        ))}
      </dl>
      {live && (
        <div className="fi-order__redeem">
          <span className="fi-note" data-testid="fi-redeem-fee">
            <Trans id="financial.redeemFeeNote">
              Fee {rate}% ({fee})
            </Trans>
          </span>
          <button type="button" className="btn btn--ghost fi-order__btn" disabled={busy} onClick={onRedeem}>
            <Trans id="financial.redeemEarly">Redeem early</Trans>
          </button>
        </div>
      )}
    </li>
  )
}
