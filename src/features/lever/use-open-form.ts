/**
 * The futures order form's state, checks and submission: checked before anything is sent (open-check.ts, with
 * "Lack of funds" under the quantity and a take-profit or stop-loss the mark has already reached refused under its
 * field), then "Do you confirm the order?" with side, type, price, quantity, leverage, margin, fee and estimated
 * liquidation price (unless the user chose not to be asked), then placed with a client_oid that stays the
 * same while the same order is sent again after a lost answer. A refusal naming a field shows under it.
 */
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { DecimalString } from '../../../common/amount'
import type { ContractMarket, ContractOrder } from '../../../common/api/contract'
import { describeFailure, type Api } from '../../api'
import { formatAmount, formatMoney, formatPrice } from '../../lib/format'
import type { DialogDetail } from '../../ui/dialog'
import { appFormOptions, useAppForm } from '../../ui/form'
import { showToast } from '../../ui/toast'
import { markPlacing, placingDone } from '../user-stream'
import { confirmOrder, DETAIL_LABELS } from '../order-form'
import { OPEN_LABELS, SIDE_LABELS, TYPE_LABELS } from './labels'
import { checkOpen } from './open-check'
import { amountScale, previewOpen, type BookSides, type Holdings, type OpenDraft } from './open-math'
import { orderInput } from './order-input'
import { openProblemTexts } from './open-problems'
import { rememberedLeverage } from './leverage-choice'
import { useClientOid } from './use-client-oid'

/** The leverage a new form starts at when none was chosen for the market, within its range (the 10× example). */
const DEFAULT_LEVERAGE = 10

/** What the form works on. */
export interface OpenFormDeps {
  api: Pick<Api, 'contractPlace'>
  terms: ContractMarket
  /** "BTC/USDT". */
  pair: string
  book: BookSides | undefined
  /** The account (undefined while signed out or not read yet). */
  holdings: Holdings | undefined
  /** The symbol's mark price now. */
  mark: DecimalString | undefined
  /** After an order was placed (read the account again). */
  onPlaced: (order: ContractOrder) => void
}

/** The form (TanStack, the app's form layer) for one market; mount one per market. */
export function useOpenForm(d: OpenFormDeps) {
  const { i18n } = useLingui()
  const oid = useClientOid()
  const { terms } = d
  // Changed only on purpose: new defaults would reset an untouched form (TanStack Form's `update` on each render).
  const [defaults, setDefaults] = useState<OpenDraft>(() => ({
    side: 'long',
    type: 'market',
    price: '',
    amount: '',
    leverage: Math.min(
      terms.max_leverage,
      Math.max(terms.min_leverage, rememberedLeverage(terms.symbol) ?? DEFAULT_LEVERAGE),
    ),
    tpsl: false,
    tp: '',
    sl: '',
  }))
  /** What the confirmation lists, from the same preview the form shows. */
  const details = (v: OpenDraft): DialogDetail[] => {
    const p = previewOpen(v, terms, d.book, d.holdings, d.mark)
    const locale = i18n.locale
    // What the order charges, as the form's preview shows it: the quote's display scale, rounded up.
    const money = (x: DecimalString | null) =>
      x === null ? '--' : `${formatAmount(x, terms.quote, locale, { charge: true })} ${terms.quote}`
    const price = (x: DecimalString | null) => (x === null ? '--' : formatPrice(x, terms.price_precision, locale))
    return [
      { label: DETAIL_LABELS.side, value: i18n._(SIDE_LABELS[v.side]), testId: 'confirm-side' },
      { label: DETAIL_LABELS.type, value: i18n._(TYPE_LABELS[v.type]), testId: 'confirm-type' },
      {
        label: DETAIL_LABELS.price,
        value:
          v.type === 'limit'
            ? `${formatPrice(v.price, terms.price_precision, locale)} ${terms.quote}`
            : i18n._(DETAIL_LABELS.market),
        testId: 'confirm-price',
      },
      {
        label: DETAIL_LABELS.amount,
        value: `${formatMoney(v.amount, locale, { minScale: 0 })} ${terms.base}`,
        testId: 'confirm-amount',
      },
      { label: DETAIL_LABELS.leverage, value: `${v.leverage}×`, testId: 'confirm-leverage' },
      { label: DETAIL_LABELS.margin, value: money(p.margin), testId: 'confirm-margin' },
      { label: DETAIL_LABELS.fee, value: money(p.fee), testId: 'confirm-fee' },
      { label: DETAIL_LABELS.liquidation, value: price(p.liquidation), testId: 'confirm-liquidation' },
    ]
  }
  return useAppForm(
    appFormOptions<OpenDraft>({
      defaultValues: defaults,
      check: (v) => {
        const preview = previewOpen(v, terms, d.book, d.holdings, d.mark)
        const problems = checkOpen(v, terms, preview, d.holdings?.available, d.book !== undefined, {
          mark: d.mark,
          book: d.book,
        })
        return openProblemTexts(problems, {
          terms,
          amountScale: amountScale(terms),
          pair: d.pair,
          side: v.side,
          entry: formatPrice(preview.price, terms.price_precision, i18n.locale),
          mark: formatPrice(d.mark ?? null, terms.price_precision, i18n.locale),
        })
      },
      describe: describeFailure,
      send: async (v, f) => {
        const input = orderInput(v, terms.symbol)
        if (input === null) return // the check has refused it already
        if (!(await confirmOrder('futures', details(v), OPEN_LABELS[v.side]))) return
        const clientOid = oid.oidFor(JSON.stringify(input))
        // Its immediate fill is told below, not again by the user stream's toasts.
        markPlacing(clientOid)
        const order = await d.api
          .contractPlace({ ...input, client_oid: clientOid }, { silent: true })
          .finally(() => placingDone(clientOid))
        oid.settle()
        showToast(
          order.status === 'filled'
            ? msg({ id: 'lever.opened', message: 'Position opened' })
            : msg({ id: 'trade.placed', message: 'Order placed' }),
          'success',
        )
        // The next order starts from this one (side, type, price, leverage) with no quantity and no triggers.
        const next = { ...v, amount: '', tp: '', sl: '' }
        setDefaults(next)
        f.reset(next)
        d.onPlaced(order)
      },
    }),
  )
}
