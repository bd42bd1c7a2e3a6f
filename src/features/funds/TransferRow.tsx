import { useLingui } from '@lingui/react/macro'
import type { Transfer } from '../../../common/api/assets'
import { WALLET_LABELS } from '../assets'
import { formatUtcDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/format'

/** One transfer (spec §3): from account, to account, amount and time. */
export function TransferRow({ transfer: x }: { transfer: Transfer }) {
  const { i18n } = useLingui()
  return (
    <li className="fd-record fd-record--compact" data-testid="transfer-row">
      <div className="fd-record__top">
        <span className="fd-record__route">
          {i18n._(WALLET_LABELS[x.from])} → {i18n._(WALLET_LABELS[x.to])}
        </span>
        <span className="fd-record__amount">
          {formatMoney(x.amount, i18n.locale)} {x.currency}
        </span>
      </div>
      <time className="fd-record__time">{formatUtcDateTime(x.created_at)}</time>
    </li>
  )
}
