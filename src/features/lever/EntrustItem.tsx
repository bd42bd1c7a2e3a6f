import { Trans, useLingui } from '@lingui/react/macro'
import { parseDecimal, sign } from '../../../common/amount'
import type { ContractOrder } from '../../../common/api/contract'
import { formatUtcDateTime } from '../../lib/dates'
import { RecordFacts } from '../funds'
import { formatLeverPrice } from './format'
import { SIDE_LABELS, TYPE_LABELS } from './labels'
import type { PairInfo } from './pair-info'
import { formatAmount, formatMoney } from '../../lib/format'

/**
 * A pending futures order (spec §3 "Contract entrust": price, quantity, time), with the margin and fee it holds and
 * its take-profit / stop-loss; Cancel releases them. A partly filled one (issue 21 part 4: it fills from feed prints at
 * most what they printed) shows filled / total; its filled part is already a position, and Cancel releases only the
 * rest's margin and fee.
 */
export function EntrustItem({
  order: o,
  info,
  cancelling,
  onCancel,
}: {
  order: ContractOrder
  info: PairInfo
  cancelling: boolean
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const loc = i18n.locale
  const price = (v: string | null) => formatLeverPrice(v, info.precision, loc)
  const money = (v: string, charge = false) => `${formatAmount(v, info.quote, loc, { charge })} ${info.quote}`
  const base = (v: string) => formatMoney(v, loc, { minScale: 0 })
  const partly = sign(parseDecimal(o.filled_amount)) > 0
  return (
    <li className="lv-entrust" data-testid={`entrust-${o.id}`} data-side={o.side}>
      <div className="lv-entrust__head">
        <span className={`lv-side lv-side--${o.side}`}>{t(SIDE_LABELS[o.side])}</span>
        <span className="lv-pos__pair">{info.pair}</span>
        <span className="lv-tag">
          {t(TYPE_LABELS[o.type])} · {o.leverage}×
        </span>
        <span className="lv-pos__spacer" />
        <button type="button" className="lv-btn" disabled={cancelling} onClick={onCancel}>
          <Trans id="common.cancel">Cancel</Trans>
        </button>
      </div>
      <RecordFacts
        facts={[
          [t({ id: 'trade.entrustPrice', message: 'Entrust price' }), price(o.price)],
          [t({ id: 'trade.entrustAmount', message: 'Entrust quantity' }), `${base(o.amount)} ${info.base}`],
          [
            t({ id: 'lever.filledOfTotal', message: 'Filled / total' }),
            partly ? `${base(o.filled_amount)} / ${base(o.amount)} ${info.base}` : null,
          ],
          [t({ id: 'lever.marginHeld', message: 'Margin held' }), money(o.margin)],
          [t({ id: 'trade.fee', message: 'Fee' }), money(o.fee, true)],
          [t({ id: 'lever.tpsl', message: 'TP / SL' }), `${price(o.tp)} / ${price(o.sl)}`],
          [t({ id: 'trade.createdAt', message: 'Create time' }), formatUtcDateTime(o.created_at)],
        ]}
      />
    </li>
  )
}
