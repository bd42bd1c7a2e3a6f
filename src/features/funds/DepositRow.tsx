import { useLingui } from '@lingui/react/macro'
import type { Deposit } from '../../../common/api/assets'
import { formatMoney } from '../assets'
import { formatUtcDateTime } from '../../lib/dates'
import { RecordFacts } from './RecordFacts'
import { RejectReason } from './RejectReason'
import { ReviewStateTag } from './ReviewStateTag'

/** One deposit claim (spec §3 Deposit): amount, state, network, addresses, hash, time and a rejection's reason. */
export function DepositRow({ deposit: d }: { deposit: Deposit }) {
  const { t, i18n } = useLingui()
  return (
    <li className="fd-record" data-testid="deposit-row">
      <div className="fd-record__top">
        <span className="fd-record__amount">
          {formatMoney(d.amount, i18n.locale)} {d.currency}
        </span>
        <ReviewStateTag state={d.status} />
      </div>
      <RecordFacts
        facts={[
          [t({ id: 'funds.network', message: 'Network' }), d.chain],
          [t({ id: 'funds.fromAddressShort', message: 'From' }), d.from_address],
          [t({ id: 'funds.toAddressShort', message: 'To' }), d.to_address],
          [t({ id: 'funds.txHashShort', message: 'Transaction hash' }), d.tx_hash],
          [t({ id: 'funds.time', message: 'Time' }), formatUtcDateTime(d.created_at)],
        ]}
      />
      {d.status === 'rejected' && <RejectReason reason={d.reason} />}
    </li>
  )
}
