/**
 * Redeeming a subscription early as the user does it: the spec's question with the product's fee rate ("Early
 * redemption requires a {rate}% handling fee, confirm", spec §8) over the principal, the fee amount and what comes
 * back (issue 24 part 3), then the keyed call; on success a toast says what came back to the coin account.
 */
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { FinancialOrder } from '../../../common/api/financial'
import type { Api } from '../../api'
import { financialApi } from '../../api/financial'
import { confirmDialog } from '../../ui/dialog'
import { showToast } from '../../ui/toast'
import { earlyFee, earlyReturn, percentText } from './figures'
import { formatMoney } from '../../lib/format'

/** The confirmation of spec §8 for a fee rate shown as `rate` ("0.5"). */
export const redeemQuestion = (rate: string) =>
  msg({ id: 'financial.redeemConfirm', message: `Early redemption requires a ${rate}% handling fee, confirm` })

/**
 * Asks, then redeems `order`; resolves with the order as redeemed, or null when the user said no. A refusal (already
 * redeemed, matured meanwhile) is shown by the request layer and rejects.
 */
export async function redeemEarly(api: Pick<Api, 'request'>, order: FinancialOrder, i18n: I18n) {
  const rate = percentText(order.early_redeem_fee_rate, i18n.locale)
  // The amounts, as the server settles them: principal × rate rounded up to the currency's unit.
  const fee = earlyFee(order.amount, order.early_redeem_fee_rate, order.currency)
  const money = (v: string) => `${formatMoney(v, i18n.locale)} ${order.currency}`
  const ok = await confirmDialog({
    message: redeemQuestion(rate),
    confirmText: msg({ id: 'financial.redeemEarly', message: 'Redeem early' }),
    details: [
      {
        label: msg({ id: 'financial.redeemPrincipal', message: 'Principal' }),
        value: money(order.amount),
        testId: 'confirm-principal',
      },
      { label: msg({ id: 'financial.redeemFee', message: 'Handling fee' }), value: money(fee), testId: 'confirm-fee' },
      {
        label: msg({ id: 'financial.redeemBack', message: 'Back to your coin account' }),
        value: money(earlyReturn(order.amount, order.early_redeem_fee_rate, order.currency)),
        testId: 'confirm-back',
      },
    ],
  })
  if (!ok) return null
  const redeemed = await financialApi(api.request).redeem(order.id)
  const back = `${formatMoney(redeemed.returned ?? '0', i18n.locale)} ${redeemed.currency}`
  showToast(msg({ id: 'financial.redeemedToast', message: `Redeemed: ${back} back to your coin account` }), 'success')
  return redeemed
}
