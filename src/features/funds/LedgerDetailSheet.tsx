import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { LedgerDetail, LedgerRecord } from '../../../common/api/assets'
import { WALLET_LABELS } from '../assets'
import { formatUtcDateTime } from '../../lib/dates'
import { Sheet } from '../../ui/Sheet'
import { Spinner } from '../../ui/Spinner'
import { LEDGER_KIND_LABELS } from './labels'
import { RecordFacts } from './RecordFacts'
import { referenceText } from './reference-text'
import '../../styles/funds.css'
import { formatMoney } from '../../lib/format'

/**
 * An account change record's detail (assets/ledger_detail): the change, the balance after, the account, when, the
 * operation it belongs to, and the other movements of the same operation (a transfer's two accounts, a withdrawal's
 * usable and frozen balances).
 */
export function LedgerDetailSheet({ record, onClose }: { record: LedgerRecord | null; onClose: () => void }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t, i18n } = useLingui()
  const [detail, setDetail] = useState<{ id: number; data: LedgerDetail | null } | null>(null)
  useEffect(() => {
    if (!record) return
    let live = true
    api.ledgerDetail(record.id, { silent: true }).then(
      (data) => live && setDetail({ id: record.id, data }),
      () => live && setDetail({ id: record.id, data: null }),
    )
    return () => {
      live = false
    }
  }, [api, record])
  const shown = detail && record && detail.id === record.id ? detail : null
  return (
    <Sheet open={record !== null} title={t({ id: 'funds.recordDetail', message: 'Record detail' })} onClose={onClose}>
      <div className="fd-detail">
        {record && <Movement record={record} />}
        {!shown ? (
          <div className="fd-list-state">
            <Spinner size={20} />
          </div>
        ) : shown.data === null ? (
          <p className="fd-detail__failed" role="alert">
            <Trans id="funds.detailFailed">The rest of this record could not be loaded.</Trans>
          </p>
        ) : (
          <>
            <RecordFacts
              facts={[
                [t({ id: 'funds.reference', message: 'Operation' }), referenceText(shown.data.reference, i18n)],
                [t({ id: 'funds.transactionId', message: 'Transaction number' }), String(shown.data.transaction_id)],
              ]}
            />
            {shown.data.entries.length > 1 && (
              <>
                <h3 className="fd-detail__sub">
                  <Trans id="funds.sameOperation">All movements of this operation</Trans>
                </h3>
                <ul className="fd-detail__entries">
                  {shown.data.entries.map((e) => (
                    <EntryLine key={e.id} entry={e} />
                  ))}
                </ul>
              </>
            )}
          </>
        )}
        <button type="button" className="btn btn--ghost btn--block" onClick={onClose}>
          <Trans id="common.close">Close</Trans>
        </button>
      </div>
    </Sheet>
  )
}

/** The record itself: kind, signed change, account and bucket, balance after, time. */
function Movement({ record: r }: { record: LedgerRecord }) {
  const { t, i18n } = useLingui()
  const bucket =
    r.bucket === 'frozen'
      ? t({ id: 'assets.frozen', message: 'Frozen' })
      : t({ id: 'assets.available', message: 'Usable' })
  return (
    <>
      <p className="fd-detail__kind">{i18n._(LEDGER_KIND_LABELS[r.type])}</p>
      <p className="fd-detail__amount">
        {formatMoney(r.amount, i18n.locale, { signed: true })} {r.currency}
      </p>
      <RecordFacts
        facts={[
          [t({ id: 'funds.account', message: 'Account' }), `${i18n._(WALLET_LABELS[r.wallet])} · ${bucket}`],
          [
            t({ id: 'funds.balanceAfter', message: 'Balance after' }),
            `${formatMoney(r.balance_after, i18n.locale)} ${r.currency}`,
          ],
          [t({ id: 'funds.time', message: 'Time' }), formatUtcDateTime(r.created_at)],
        ]}
      />
    </>
  )
}

function EntryLine({ entry: e }: { entry: LedgerRecord }) {
  const { t, i18n } = useLingui()
  const bucket =
    e.bucket === 'frozen'
      ? t({ id: 'assets.frozen', message: 'Frozen' })
      : t({ id: 'assets.available', message: 'Usable' })
  return (
    <li className="fd-entry">
      <span>
        {i18n._(WALLET_LABELS[e.wallet])} · {bucket}
      </span>
      <span>
        {formatMoney(e.amount, i18n.locale, { signed: true })} {e.currency}
      </span>
    </li>
  )
}
