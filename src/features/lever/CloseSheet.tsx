import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { compare, divide, multiply, parseDecimal, scaleOf, sign, subtract } from '../../../common/amount'
import type { ContractMarket, Position } from '../../../common/api/contract'
import type { OrderType } from '../../../common/api/trade'
import { describeFailure, type Api } from '../../api'
import { formatMoney, formatPrice } from '../../lib/format'
import { Choices } from '../../ui/Choices'
import { appFormOptions, useAppForm, type FieldTexts } from '../../ui/form'
import { Sheet } from '../../ui/Sheet'
import { showToast } from '../../ui/toast'
import { normalizeAmount, readAmount } from '../funds'
import { SIDE_LABELS, TYPE_LABELS } from './labels'

interface Values {
  amount: string
  price: string
}

/** The quick shares of the position the sheet offers, percent. */
export const CLOSE_SHARES = ['25', '50', '75', '100'] as const
type Share = (typeof CLOSE_SHARES)[number]

/** `share` % of `amount`, rounded down to `scale` decimals (the market's amount step); 100 % is the whole. */
export function shareOf(amount: string, share: Share, scale: number): string {
  if (share === '100') return amount
  return divide(multiply(parseDecimal(amount), parseDecimal(share)), parseDecimal('100'), scale, 'down')
}

/**
 * The decimals a share of `amount` is rounded to: the market's amount step once its terms are known; before, two more
 * than the position's own (25, 50 and 75 % of it are exact there), so a share picked while the terms load is never
 * rounded to nothing (50 % of 0.01 BTC read 0 until they came). The server checks the step on submit either way.
 */
export function shareScale(amount: string, terms: Pick<ContractMarket, 'amount_precision'> | null | undefined): number {
  return terms?.amount_precision ?? scaleOf(parseDecimal(amount)) + 2
}

/** What is wrong with closing `text` of position `held` under `terms` (the server's rules), or null. */
export function closeAmountProblem(
  text: string,
  held: string,
  terms: Pick<ContractMarket, 'amount_precision' | 'min_amount'> | null | undefined,
): 'invalid' | 'scale' | 'above' | 'below' | 'remainder' | null {
  const q = readAmount(text)
  if (q === null || sign(q) <= 0) return 'invalid'
  const whole = parseDecimal(held)
  if (compare(q, whole) > 0) return 'above'
  if (!terms) return null
  if (scaleOf(q) > terms.amount_precision) return 'scale'
  if (compare(q, whole) === 0) return null
  const min = parseDecimal(terms.min_amount)
  if (compare(q, min) < 0) return 'below'
  if (compare(subtract(whole, q), min) < 0) return 'remainder'
  return null
}

/**
 * Closes all or part of a position (issue 21 part 1) in a bottom sheet: the amount (25 / 50 / 75 / 100 % or typed,
 * base currency) at market, or as a reduce-only limit order at a price (it rests, holding no margin, and fills from
 * the market's trades; it never opens the other side). The part closed shows in history with its own PnL; the rest
 * stays open with its take-profit and stop-loss.
 */
export function CloseSheet({
  api,
  position: p,
  terms,
  pair,
  base,
  precision,
  onDone,
  onClose,
}: {
  api: Pick<Api, 'contractCloseOrder'>
  position: Position
  /** The market's terms (amount step and minimum); undefined while loading. */
  terms: ContractMarket | null | undefined
  pair: string
  base: string
  precision: number
  onDone: () => void
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const loc = i18n.locale
  const [type, setType] = useState<OrderType>('market')
  const held = `${formatMoney(p.amount, loc, { minScale: 0 })} ${base}`
  const all = p.amount
  const openText = formatPrice(parseDecimal(p.open_price), precision, loc)
  const scale = shareScale(p.amount, terms)
  const form = useAppForm(
    appFormOptions<Values>({
      defaultValues: { amount: p.amount, price: '' },
      check: (v) => {
        const texts: FieldTexts = {}
        const problem = closeAmountProblem(v.amount, p.amount, terms)
        const min = `${terms?.min_amount ?? ''} ${base}`
        if (problem === 'invalid') texts.amount = t({ id: 'lever.closeAmountInvalid', message: 'Enter an amount' })
        if (problem === 'above')
          texts.amount = t({ id: 'lever.closeAmountAbove', message: `At most the position's ${all} ${base}` })
        if (problem === 'scale')
          texts.amount = t({ id: 'lever.closeAmountScale', message: `At most ${scale} decimal places` })
        if (problem === 'below') texts.amount = t({ id: 'lever.closeAmountBelow', message: `At least ${min}` })
        if (problem === 'remainder')
          texts.amount = t({
            id: 'lever.closeAmountRemainder',
            message: `The rest would be below the minimum ${min}: close all or less`,
          })
        if (type === 'limit') {
          const price = readAmount(v.price)
          if (price === null || sign(price) <= 0)
            texts.price = t({ id: 'lever.closePriceInvalid', message: 'Enter a price' })
          else if (scaleOf(price) > precision)
            texts.price = t({ id: 'lever.closePriceScale', message: `At most ${precision} decimal places` })
        }
        return texts
      },
      describe: describeFailure,
      send: async (v) => {
        const amount = parseDecimal(normalizeAmount(v.amount))
        const price = type === 'limit' ? parseDecimal(normalizeAmount(v.price)) : undefined
        const order = await api.contractCloseOrder({ id: p.id, type, amount, price }, { silent: true })
        showToast(
          order.status === 'pending'
            ? msg({ id: 'lever.closeOrderPlaced', message: 'Close order placed' })
            : msg({ id: 'lever.closed', message: 'Position closed' }),
          'success',
        )
        onDone()
        onClose()
      },
    }),
  )
  const side = t(SIDE_LABELS[p.side])
  const quote = pair.split('/')[1] ?? ''
  return (
    <Sheet open title={t({ id: 'lever.closeTitle', message: `Close · ${pair} ${side}` })} onClose={onClose}>
      <form.AppForm>
        <form.Form className="lv-tpsl" data-testid="close-sheet">
          <Choices
            label={t({ id: 'lever.closeType', message: 'Close at' })}
            options={(['market', 'limit'] as const).map((value) => ({ value, label: t(TYPE_LABELS[value]) }))}
            value={type}
            onChange={setType}
          />
          {type === 'limit' && (
            <form.AppField name="price">
              {(f) => (
                <f.TextField
                  label={t({ id: 'lever.closePrice', message: `Price (${quote})` })}
                  hint={t({
                    id: 'lever.closePriceHint',
                    message: `Open price ${openText}`,
                  })}
                  inputMode="decimal"
                  autoComplete="off"
                  normalize={normalizeAmount}
                />
              )}
            </form.AppField>
          )}
          <form.AppField name="amount">
            {(f) => (
              <>
                <f.TextField
                  label={t({ id: 'lever.closeAmount', message: `Amount (${base})` })}
                  hint={t({ id: 'lever.closeAmountHint', message: `Position ${held}` })}
                  inputMode="decimal"
                  autoComplete="off"
                  normalize={normalizeAmount}
                />
                <Choices
                  label={t({ id: 'lever.closeShare', message: 'Share of the position' })}
                  options={CLOSE_SHARES.map((value) => ({ value, label: `${value}%` }))}
                  value={
                    CLOSE_SHARES.find((s) => shareOf(p.amount, s, scale) === normalizeAmount(f.state.value)) ?? null
                  }
                  onChange={(s) => f.handleChange(shareOf(p.amount, s, scale))}
                />
              </>
            )}
          </form.AppField>
          <p className="lv-tpsl__note">
            {type === 'limit' ? (
              <Trans id="lever.closeLimitNote">
                A reduce-only order: it holds no margin, fills when the market trades at your price or better, and never
                opens the other side. The rest of the position keeps its take-profit and stop-loss.
              </Trans>
            ) : (
              <Trans id="lever.closeMarketNote">
                Closes at the market price now. The rest of the position keeps its take-profit and stop-loss.
              </Trans>
            )}
          </p>
          <form.FormProblem />
          <form.SubmitButton>
            <Trans id="lever.close">Close</Trans>
          </form.SubmitButton>
        </form.Form>
      </form.AppForm>
    </Sheet>
  )
}
