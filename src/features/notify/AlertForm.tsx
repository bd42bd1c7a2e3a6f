import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import type { AlertDirection, PriceAlert } from '../../../common/api/notify'
import type { DecimalInput } from '../../../common/decimal'
import type { MarketItem } from '../../../common/market'
import { describeFailure } from '../../api/problem'
import { formatPrice } from '../../lib/format'
import { Choices } from '../../ui/Choices'
import { appFormOptions, setFieldProblem, useAppForm } from '../../ui/form'
import { showToast } from '../../ui/toast'
import { priceProblemText } from '../trade'
import { readAmount } from '../funds'
import { alertPriceProblem, prefillPrice } from './alert-model'

/**
 * A new price alert: "Rises to" or "Falls to" a price in the quote currency, starting from the last price. The price
 * is checked for form and the market's decimals here; whether it is on the right side of the last price is the
 * server's word (its last price is the one that counts), shown under the price field.
 */
export function AlertForm({
  market,
  last,
  onCreated,
}: {
  market: MarketItem
  last: DecimalInput | undefined
  onCreated: (alert: PriceAlert) => void
}) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t, i18n } = useLingui()
  const precision = market.price_precision
  const quote = market.legal_name
  const start: { direction: AlertDirection; price: string } = {
    direction: 'above',
    price: prefillPrice(last, precision),
  }
  const form = useAppForm(
    appFormOptions({
      defaultValues: start,
      check: (v) => {
        const problem = alertPriceProblem(v.price, precision)
        return { price: problem ? priceProblemText(problem, precision) : undefined }
      },
      describe: describeFailure,
      send: async (v) => {
        const price = readAmount(v.price)!
        const alert = await api.alertCreate({ symbol: market.extends, direction: v.direction, price }, { silent: true })
        onCreated(alert)
        const shown = formatPrice(alert.price, precision, i18n.locale)
        showToast(
          alert.direction === 'above'
            ? msg({ id: 'alert.createdAbove', message: `Alert set: rises to ${shown}` })
            : msg({ id: 'alert.createdBelow', message: `Alert set: falls to ${shown}` }),
          'success',
        )
      },
    }),
  )
  return (
    <form.AppForm>
      <form.Form className="alert-form">
        <form.Field name="direction">
          {(field) => (
            <Choices
              label={t({ id: 'alert.direction', message: 'Alert me when the price' })}
              options={[
                { value: 'above', label: t({ id: 'alert.above', message: 'Rises to' }) },
                { value: 'below', label: t({ id: 'alert.below', message: 'Falls to' }) },
              ]}
              value={field.state.value}
              onChange={(d) => {
                field.handleChange(d)
                // The server's "already above/below" was about the other direction.
                setFieldProblem(form, 'price', undefined)
              }}
            />
          )}
        </form.Field>
        <form.AppField name="price">
          {(field) => (
            <field.TextField
              label={t({ id: 'alert.price', message: `Price (${quote})` })}
              inputMode="decimal"
              autoComplete="off"
              maxLength={40}
            />
          )}
        </form.AppField>
        <form.FormProblem />
        <form.SubmitButton className="btn btn--primary btn--block" testId="alert-create">
          <Trans id="alert.create">Create alert</Trans>
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  )
}
