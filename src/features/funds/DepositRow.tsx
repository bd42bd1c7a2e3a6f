import { useLingui } from '@lingui/react/macro'
import type { Deposit } from '../../../common/api/assets'
import { formatUtcDateTime } from '../../lib/dates'
import { parseDecimal, sign } from '../../../common/amount'
import { RecordFacts } from './RecordFacts'
import { RejectReason } from './RejectReason'
import { DepositStateTag } from './ReviewStateTag'
import { CONFIRMATIONS_WITHDRAW } from '../../../common/api/assets'
import { formatMoney } from '../../lib/format'

/**
 * One deposit (spec §3 Deposit): amount, state, network, addresses, hash, time and a rejection's reason; a chain
 * deposit also its confirmations (of the 6 that make it withdrawable) and, reversed, what it still owes.
 */
export function DepositRow({ deposit: d }: { deposit: Deposit }) {
  const { t, i18n } = useLingui()
  const chain = d.source === 'chain'
  const confirmations = d.confirmations ?? 0
  const facts: [string, string | null][] = [
    [t({ id: 'funds.network', message: 'Network' }), d.chain],
    [t({ id: 'funds.fromAddressShort', message: 'From' }), d.from_address],
    [t({ id: 'funds.toAddressShort', message: 'To' }), d.to_address],
    [t({ id: 'funds.txHashShort', message: 'Transaction hash' }), d.tx_hash],
  ]
  if (chain && d.status !== 'reversed') {
    const shown =
      confirmations >= CONFIRMATIONS_WITHDRAW ? String(confirmations) : `${confirmations}/${CONFIRMATIONS_WITHDRAW}`
    facts.push([t({ id: 'funds.confirmations', message: 'Confirmations' }), shown])
  }
  facts.push([t({ id: 'funds.time', message: 'Time' }), formatUtcDateTime(d.created_at)])
  const owed = d.debt !== undefined && d.status === 'reversed' && sign(parseDecimal(d.debt)) > 0
  if (owed)
    facts.push([
      t({ id: 'funds.depositDebt', message: 'Still owed' }),
      `${formatMoney(d.debt!, i18n.locale)} ${d.currency}`,
    ])
  return (
    <li className="fd-record" data-testid="deposit-row">
      <div className="fd-record__top">
        <span className="fd-record__amount">
          {formatMoney(d.amount, i18n.locale)} {d.currency}
        </span>
        <DepositStateTag state={d.status} chain={chain} />
      </div>
      <RecordFacts facts={facts} />
      {d.status === 'rejected' && <RejectReason reason={d.reason} />}
    </li>
  )
}
