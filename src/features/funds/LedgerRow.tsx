import { Trans, useLingui } from '@lingui/react/macro'
import type { LedgerRecord } from '../../../common/api/assets'
import { WALLET_LABELS } from '../assets'
import { formatUtcDateTime } from '../../lib/dates'
import { LEDGER_KIND_LABELS } from './labels'
import { formatMoney, trendOf } from '../../lib/format'

const TREND = { 1: 'up', 0: 'flat', [-1]: 'down' } as const

/** One account change record: its kind, wallet and currency, the signed change, the balance after and the time. */
export function LedgerRow({ record: r, onOpen }: { record: LedgerRecord; onOpen: () => void }) {
  const { i18n } = useLingui()
  return (
    <li>
      <button type="button" className="fd-record fd-ledger" onClick={onOpen} data-testid="ledger-row">
        <span className="fd-record__top">
          <span className="fd-ledger__kind">{i18n._(LEDGER_KIND_LABELS[r.type])}</span>
          <span className={`fd-change fd-change--${TREND[trendOf(r.amount)]}`}>
            {formatMoney(r.amount, i18n.locale, { signed: true })} {r.currency}
          </span>
        </span>
        <span className="fd-ledger__meta">
          <span>
            {i18n._(WALLET_LABELS[r.wallet])}
            {r.bucket === 'frozen' && (
              <>
                {' · '}
                <Trans id="assets.frozen">Frozen</Trans>
              </>
            )}
          </span>
          <time>{formatUtcDateTime(r.created_at)}</time>
        </span>
      </button>
    </li>
  )
}
