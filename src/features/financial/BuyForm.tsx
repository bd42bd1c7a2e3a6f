import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import type { FinancialProduct } from '../../../common/api/financial'
import { describeFailure } from '../../api'
import { financialApi } from '../../api/financial'
import { confirmDialog } from '../../ui/dialog'
import { appFormOptions, setFieldProblem, useAppForm } from '../../ui/form'
import { showToast } from '../../ui/toast'
import { normalizeAmount, readAmount } from '../funds'
import { amountScale, cycleIncome, percentText, subscriptionProblem } from './figures'
import { IncomePreview } from './IncomePreview'
import { subscriptionProblemText } from './problem-text'
import { QuickFill } from './QuickFill'
import './financial.css'
import { CONFIRM_ORDER } from '../order-form'
import { formatAmount, formatMoney } from '../../lib/format'

/**
 * The subscription form of one product: the amount with the spot wallet's usable balance and quick fills, the
 * expected daily and total income, checked before anything is sent (bounds, decimals, "Lack of funds"), confirmed
 * ("Do you confirm the order?"), then bought with a keyed call; on success the user's subscriptions open.
 */
export function BuyForm({
  product: p,
  available,
  onBought,
}: {
  product: FinancialProduct
  /** Usable balance of the spot wallet in the product's currency; undefined while unknown. */
  available: string | undefined
  onBought: () => void
}) {
  const { api } = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const { t, i18n } = useLingui()
  const cur = p.currency
  const min = p.min_amount
  const rules = { currency: cur, scale: amountScale(cur), min, max: p.max_amount }
  const form = useAppForm(
    appFormOptions<{ amount: string }>({
      defaultValues: { amount: '' },
      check: (v) => {
        const problem = subscriptionProblem(v.amount, p, available)
        return { amount: problem ? subscriptionProblemText(problem, rules) : undefined }
      },
      describe: describeFailure,
      send: async (v) => {
        const amount = readAmount(v.amount)
        if (amount === null) return // the check has refused it already
        const days = p.cycle_days
        const money = (v: string) => `${formatMoney(v, i18n.locale)} ${cur}`
        const pct = (rate: string) => `${percentText(rate, i18n.locale)}%`
        // What is bought and what it earns, by the rules the server credits it (figures.ts).
        const ok = await confirmDialog({
          message: CONFIRM_ORDER,
          confirmText: msg({ id: 'financial.subscribe', message: 'Subscribe' }),
          details: [
            { label: msg({ id: 'financial.confirmProduct', message: 'Product' }), value: p.name },
            {
              label: msg({ id: 'financial.redeemPrincipal', message: 'Principal' }),
              value: money(amount),
              testId: 'confirm-principal',
            },
            { label: msg({ id: 'financial.dailyYield', message: 'Daily yield' }), value: pct(p.daily_rate) },
            {
              label: msg({ id: 'financial.duration', message: 'Duration' }),
              value: i18n._(msg({ id: 'financial.cycleDays', message: `${days} days` })),
            },
            {
              label: msg({ id: 'financial.expectedTotal', message: `Total income over ${days} days` }),
              value: money(cycleIncome(amount, p)),
              testId: 'confirm-income',
            },
            {
              label: msg({ id: 'financial.earlyFee', message: 'Early redemption fee' }),
              value: pct(p.early_redeem_fee_rate),
            },
          ],
        })
        if (!ok) return
        await financialApi(api.request).buy({ product_id: p.id, amount }, { silent: true })
        showToast(msg({ id: 'financial.subscribed', message: 'Subscription successful' }), 'success')
        onBought()
        await navigate({ to: '/mining-order', search: { tab: 'in_progress' } })
      },
    }),
  )
  const pick = (amount: string) => {
    form.setFieldValue('amount', amount)
    setFieldProblem(form, 'amount', undefined)
  }
  return (
    <form.AppForm>
      <form.Form className="fi-card fi-form">
        <form.AppField name="amount">
          {(f) => (
            <f.TextField
              label={t({ id: 'financial.amount', message: `Amount (${cur})` })}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t({ id: 'financial.minPlaceholder', message: `Min ${min}` })}
              normalize={normalizeAmount}
              hint={
                available !== undefined && (
                  <>
                    <Trans id="funds.available">Available</Trans>{' '}
                    <span data-testid="fi-available">
                      {formatAmount(available, cur, i18n.locale)} {cur}
                    </span>
                  </>
                )
              }
            />
          )}
        </form.AppField>
        <QuickFill product={p} available={available} onPick={pick} />
        <form.Subscribe selector={(s) => s.values.amount}>
          {(amount) => <IncomePreview amount={amount} product={p} />}
        </form.Subscribe>
        <form.FormProblem />
        <form.SubmitButton>
          <Trans id="financial.subscribe">Subscribe</Trans>
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  )
}
