import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import type { MicroDirection, MicroOrder, MicroProduct } from '../../../common/api/micro'
import { describeFailure } from '../../api'
import { newIdempotencyKey } from '../../lib/idempotency-key'
import { confirmDialog } from '../../ui/dialog'
import { appFormOptions, setFieldProblem, useAppForm } from '../../ui/form'
import { showToast } from '../../ui/toast'
import { normalizeAmount, readAmount } from '../funds'
import { askToLogin } from '../user-center'
import { DirectionButtons } from './DirectionButtons'
import { DurationChips } from './DurationChips'
import { DIRECTION_LABELS } from './labels'
import { QuickAmounts } from './QuickAmounts'
import { previewStake, stakeProblem, stakeScale } from './stake'
import { stakeProblemText } from './stake-text'
import { StakeSummary } from './StakeSummary'
import './micro.css'
import './micro-form.css'
import { LivePausedNote } from '../markets'
import { CONFIRM_ORDER, DETAIL_LABELS } from '../order-form'
import { formatAmount, formatMoney } from '../../lib/format'

interface Values {
  duration_s: number
  amount: string
  direction: MicroDirection
}

const productAt = (products: readonly MicroProduct[], seconds: number) => products.find((p) => p.duration_s === seconds)

/**
 * The second-contract order form of one pair: duration (with its payout rate), stake with its minimum and the
 * options wallet's usable balance, fee and payout, then Rise or Fall. Checked before anything is sent (minimum,
 * "Lack of funds" when stake + fee exceeds the balance), confirmed ("Do you confirm the order?"), then placed with a
 * fresh `client_oid`. Signed out, Rise and Fall ask to log in. Mount one per pair (`key`): durations differ.
 */
export function OrderForm({
  symbol,
  products,
  available,
  loggedIn,
  onPlaced,
}: {
  /** Feed symbol of the pair ("btcusdt"). */
  symbol: string
  /** The pair's products, shortest first; at least one. */
  products: readonly MicroProduct[]
  /** Usable balance of the options wallet in the products' currency; undefined while unknown. */
  available: string | undefined
  loggedIn: boolean
  onPlaced: (order: MicroOrder) => void
}) {
  const { api } = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const { t, i18n } = useLingui()
  const form = useAppForm(
    appFormOptions<Values>({
      defaultValues: { duration_s: products[0]?.duration_s ?? 0, amount: '', direction: 'up' },
      check: (v) => {
        const p = productAt(products, v.duration_s)
        const problem = p ? stakeProblem(v.amount, p, available) : null
        const rules = p && { currency: p.currency, scale: stakeScale(p.currency), min: p.min_amount }
        return { amount: problem && rules ? stakeProblemText(problem, rules) : undefined }
      },
      describe: describeFailure,
      send: async (v) => {
        const amount = readAmount(v.amount)
        if (amount === null) return // the check has refused it already
        const product = productAt(products, v.duration_s)
        const stake = product ? previewStake(v.amount, product) : null
        const cur = product?.currency ?? ''
        const seconds = v.duration_s
        const money = (x: string | null | undefined) => (x ? `${formatMoney(x, i18n.locale)} ${cur}` : '--')
        // What is confirmed (issue 24 part 3): the direction, duration, stake, fee and what a right call pays back.
        const ok = await confirmDialog({
          message: CONFIRM_ORDER,
          confirmText: DIRECTION_LABELS[v.direction],
          details: [
            { label: DETAIL_LABELS.side, value: t(DIRECTION_LABELS[v.direction]), testId: 'confirm-side' },
            {
              label: msg({ id: 'micro.duration', message: 'Duration' }),
              value: t({ id: 'micro.seconds', message: `${seconds}s` }),
              testId: 'confirm-duration',
            },
            { label: DETAIL_LABELS.amount, value: money(v.amount), testId: 'confirm-amount' },
            { label: DETAIL_LABELS.fee, value: money(stake?.fee), testId: 'confirm-fee' },
            {
              label: msg({ id: 'micro.payoutIfRight', message: 'Payout if right (stake + profit)' }),
              value: money(stake?.payout),
              testId: 'confirm-payout',
            },
          ],
        })
        if (!ok) return
        const order = await api.microPlace(
          { symbol, direction: v.direction, duration_s: v.duration_s, amount, client_oid: newIdempotencyKey() },
          { silent: true },
        )
        showToast(msg({ id: 'trade.placed', message: 'Order placed' }), 'success')
        onPlaced(order)
      },
    }),
  )
  const pick = (amount: string) => {
    form.setFieldValue('amount', amount)
    setFieldProblem(form, 'amount', undefined)
  }
  return (
    <form.AppForm>
      <form.Form className="mc-card mc-form">
        <form.Subscribe selector={(s) => s.values}>
          {(v) => {
            const product = productAt(products, v.duration_s) ?? products[0]
            if (!product) return null
            const cur = product.currency
            const min = product.min_amount
            return (
              <>
                <DurationChips
                  products={products}
                  value={v.duration_s}
                  onChange={(s) => form.setFieldValue('duration_s', s)}
                />
                <form.AppField name="amount">
                  {(f) => (
                    <f.TextField
                      label={t({ id: 'micro.amount', message: `Amount (${cur})` })}
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder={t({ id: 'micro.minPlaceholder', message: `Min ${min}` })}
                      normalize={normalizeAmount}
                      hint={
                        available !== undefined && (
                          <>
                            <Trans id="funds.available">Available</Trans>{' '}
                            <span data-testid="micro-available">
                              {formatAmount(available, cur, i18n.locale)} {cur}
                            </span>
                          </>
                        )
                      }
                    />
                  )}
                </form.AppField>
                <QuickAmounts product={product} available={available} onPick={pick} />
                <StakeSummary amount={v.amount} product={product} />
              </>
            )
          }}
        </form.Subscribe>
        <LivePausedNote />
        <form.FormProblem />
        <DirectionButtons
          onPick={(direction, e) => {
            if (!loggedIn) {
              // No order form for a signed-out user to fill in vain: the question first (spec §5), then login.
              e.preventDefault()
              void askToLogin('/micro', () => void navigate({ to: '/login' }))
              return
            }
            form.setFieldValue('direction', direction)
          }}
        />
      </form.Form>
    </form.AppForm>
  )
}
