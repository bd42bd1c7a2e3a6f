/**
 * The futures order form's state, checks and submission: checked before anything is sent (open-check.ts, with
 * "Lack of funds" under the quantity and a take-profit or stop-loss the mark has already reached refused under its
 * field), then "Do you confirm the order?", then placed with a client_oid that stays the
 * same while the same order is sent again after a lost answer. A refusal naming a field shows under it.
 */
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { DecimalString } from '../../../common/amount'
import type { ContractMarket, ContractOrder } from '../../../common/api/contract'
import { describeFailure, type Api } from '../../api'
import { formatPrice } from '../../lib/format'
import { confirmDialog } from '../../ui/dialog'
import { appFormOptions, useAppForm } from '../../ui/form'
import { showToast } from '../../ui/toast'
import { markPlacing, placingDone } from '../user-stream'
import { CONFIRM_ORDER, OPEN_LABELS } from './labels'
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
        if (!(await confirmDialog({ message: CONFIRM_ORDER, confirmText: OPEN_LABELS[v.side] }))) return
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
