import { Trans, useLingui } from '@lingui/react/macro'
import type { MicroProduct } from '../../../common/api/micro'
import { previewStake } from './stake'
import './micro-form.css'
import { formatMoney } from '../../lib/format'

/**
 * What the typed stake costs and pays, exactly (stake.ts): the fee charged at placement (stake × fee rate) and, if
 * the price moves the chosen way, the profit (stake × payout rate) and the whole payout (stake + profit). Dashes
 * until the stake reads as a positive number.
 */
export function StakeSummary({ amount, product }: { amount: string; product: MicroProduct }) {
  const { i18n } = useLingui()
  const { fee, profit, payout } = previewStake(amount, product)
  const money = (v: string | null, signed = false) =>
    v === null ? '--' : `${formatMoney(v, i18n.locale, { signed })} ${product.currency}`
  return (
    <dl className="mc-summary" aria-live="polite">
      <div className="mc-summary__row">
        <dt>
          <Trans id="funds.fee">Fee</Trans>
        </dt>
        <dd data-testid="micro-fee">{money(fee)}</dd>
      </div>
      <div className="mc-summary__row">
        <dt>
          <Trans id="micro.profitIfRight">Profit if right</Trans>
        </dt>
        <dd data-testid="micro-profit" className={profit === null ? undefined : 'trend--up'}>
          {money(profit, true)}
        </dd>
      </div>
      <div className="mc-summary__row mc-summary__row--total">
        <dt>
          <Trans id="micro.payoutIfRight">Payout if right (stake + profit)</Trans>
        </dt>
        <dd data-testid="micro-payout">{money(payout)}</dd>
      </div>
    </dl>
  )
}
