import { useLingui } from '@lingui/react/macro'
import type { Withdrawal, WithdrawHold } from '../../../common/api/assets'
import { formatUtcDateTime } from '../../lib/dates'
import { RecordFacts } from './RecordFacts'
import { RejectReason } from './RejectReason'
import { WithdrawalStateTag } from './ReviewStateTag'
import { CONFIRMATIONS_WITHDRAW } from '../../../common/api/assets'
import { formatMoney } from '../../lib/format'

/**
 * One withdrawal (spec §3): amount, state, network, address, fee, arrival amount, time and a rejection's reason; sent
 * on chain (issue 23), its transaction hash and, while confirming, its confirmations out of 6.
 */
export function WithdrawRow({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t, i18n } = useLingui()
  const money = (v: string) => `${formatMoney(v, i18n.locale)} ${w.currency}`
  return (
    <li className="fd-record" data-testid="withdrawal-row">
      <div className="fd-record__top">
        <span className="fd-record__amount">{money(w.amount)}</span>
        <WithdrawalStateTag state={w.status} />
      </div>
      <RecordFacts
        facts={[
          [t({ id: 'funds.network', message: 'Network' }), w.chain],
          [t({ id: 'funds.address', message: 'Address' }), w.address],
          [t({ id: 'funds.fee', message: 'Fee' }), money(w.fee)],
          [t({ id: 'funds.arrival', message: 'Arrival amount' }), money(w.arrival_amount)],
          [t({ id: 'funds.time', message: 'Time' }), formatUtcDateTime(w.created_at)],
          [t({ id: 'funds.txHashShort', message: 'Transaction hash' }), w.tx_hash],
          [
            t({ id: 'funds.confirmations', message: 'Confirmations' }),
            w.confirmations === null
              ? null
              : `${Math.min(w.confirmations, CONFIRMATIONS_WITHDRAW)}/${CONFIRMATIONS_WITHDRAW}`,
          ],
        ]}
      />
      {w.status === 'rejected' && <RejectReason reason={w.reason} />}
      {w.hold && <HoldNote hold={w.hold} />}
    </li>
  )
}

/**
 * Why a pending withdrawal waits for a review and until when (issue 24 part 7): its address is new, or a password was
 * changed, within the last 24 hours.
 */
function HoldNote({ hold }: { hold: NonNullable<WithdrawHold> }) {
  const { t } = useLingui()
  const until = formatUtcDateTime(hold.until)
  return (
    <p className="fd-hold" role="note" data-testid="withdrawal-hold">
      {hold.reason === 'new_address'
        ? t({
            id: 'funds.holdNewAddress',
            message: `On hold for your security until ${until}: this address was added less than 24 hours ago. Our team reviews it before it is sent.`,
          })
        : t({
            id: 'funds.holdSecurityChange',
            message: `On hold for your security until ${until}: a password was changed less than 24 hours ago. Our team reviews it before it is sent.`,
          })}
    </p>
  )
}
