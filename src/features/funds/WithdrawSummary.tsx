import { Trans, useLingui } from '@lingui/react/macro'
import { frozenTotal, readAmount } from './amount-check'
import { formatMoney } from '../../lib/format'

/**
 * What a withdrawal of `amount` does, computed exactly (common/amount): the fee, the arrival amount (the amount asked
 * for: the fee comes on top) and what is frozen until an operator decides (amount + fee). Dashes until the amount
 * reads as a number.
 */
export function WithdrawSummary({ amount, fee, currency }: { amount: string; fee: string; currency: string }) {
  const { i18n } = useLingui()
  const money = (v: string | null) => (v === null ? '--' : `${formatMoney(v, i18n.locale)} ${currency}`)
  return (
    <dl className="fd-summary" aria-live="polite">
      <div className="fd-summary__row">
        <dt>
          <Trans id="funds.fee">Fee</Trans>
        </dt>
        <dd data-testid="withdraw-fee">{money(fee)}</dd>
      </div>
      <div className="fd-summary__row">
        <dt>
          <Trans id="funds.arrival">Arrival amount</Trans>
        </dt>
        <dd data-testid="withdraw-arrival">{money(readAmount(amount))}</dd>
      </div>
      <div className="fd-summary__row fd-summary__row--total">
        <dt>
          <Trans id="funds.frozenTotal">Frozen until reviewed (amount + fee)</Trans>
        </dt>
        <dd data-testid="withdraw-frozen">{money(frozenTotal(amount, fee))}</dd>
      </div>
    </dl>
  )
}
