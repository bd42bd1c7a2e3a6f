import { useLingui } from '@lingui/react/macro'
import type { Withdrawal } from '../../../common/api/assets'
import { formatMoney } from '../assets'
import { formatUtcDateTime } from '../../lib/dates'
import { RecordFacts } from './RecordFacts'
import { RejectReason } from './RejectReason'
import { ReviewStateTag } from './ReviewStateTag'

/** One withdrawal (spec §3): amount, state, network, address, fee, arrival amount, time and a rejection's reason. */
export function WithdrawRow({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t, i18n } = useLingui()
  const money = (v: string) => `${formatMoney(v, i18n.locale)} ${w.currency}`
  return (
    <li className="fd-record" data-testid="withdrawal-row">
      <div className="fd-record__top">
        <span className="fd-record__amount">{money(w.amount)}</span>
        <ReviewStateTag state={w.status} />
      </div>
      <RecordFacts
        facts={[
          [t({ id: 'funds.network', message: 'Network' }), w.chain],
          [t({ id: 'funds.address', message: 'Address' }), w.address],
          [t({ id: 'funds.fee', message: 'Fee' }), money(w.fee)],
          [t({ id: 'funds.arrival', message: 'Arrival amount' }), money(w.arrival_amount)],
          [t({ id: 'funds.time', message: 'Time' }), formatUtcDateTime(w.created_at)],
        ]}
      />
      {w.status === 'rejected' && <RejectReason reason={w.reason} />}
    </li>
  )
}
