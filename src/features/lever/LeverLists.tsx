import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { CloseOrder, ContractOrder } from '../../../common/api/contract'
import type { Api } from '../../api'
import { Spinner } from '../../ui/Spinner'
import { Tabs } from '../../ui/Tabs'
import { CloseOrderList } from './CloseOrderList'
import { EntrustList } from './EntrustList'
import { FundingHistoryList } from './FundingHistoryList'
import { HistoryList } from './HistoryList'
import type { PairInfo } from './pair-info'
import { PositionList } from './PositionList'
import type { LivePosition } from './position-math'
import './lever-rows.css'

type Which = 'positions' | 'entrusts' | 'history'
/** The history tab's two lists: closed positions, funding payments (issue 21 part 6). */
type Past = 'closed' | 'funding'

/**
 * The user's futures under the form (spec §2 Lever): positions (live, with close, close all and TP/SL), current
 * entrusts and reduce-only close orders (revocable) and history (closed positions, or funding payments), as tabs with their counts.
 */
export function LeverLists({
  api,
  state,
  rows,
  entrusts,
  closeOrders,
  closings,
  pairOf,
  lastOf,
  onChanged,
}: {
  api: Pick<
    Api,
    | 'contractClose'
    | 'contractCloseAll'
    | 'contractTpsl'
    | 'contractCancel'
    | 'contractCloseOrder'
    | 'contractCloseOrderCancel'
    | 'contractMarket'
    | 'contractHistory'
    | 'contractFundingHistory'
  >
  /** The account's read state (positions and entrusts come with it). */
  state: 'loading' | 'ready' | 'failed'
  rows: readonly LivePosition[]
  entrusts: readonly ContractOrder[]
  /** Pending reduce-only (close) orders, shown with the entrusts. */
  closeOrders: readonly CloseOrder[]
  /** Goes up when positions closed: the history is read again. */
  closings: number
  pairOf: (symbol: string) => PairInfo
  lastOf: (symbol: string) => string | null
  onChanged: () => void
}) {
  const { t } = useLingui()
  const [which, setWhich] = useState<Which>('positions')
  const [past, setPast] = useState<Past>('closed')
  const count = (n: number) => (state === 'ready' ? ` (${n})` : '')
  return (
    <section className="lv-card lv-lists">
      <Tabs
        className="lv-lists__tabs"
        tabs={[
          { value: 'positions', label: t({ id: 'lever.positions', message: 'Positions' }) + count(rows.length) },
          {
            value: 'entrusts',
            label: t({ id: 'lever.entrusts', message: 'Open orders' }) + count(entrusts.length + closeOrders.length),
          },
          { value: 'history', label: t({ id: 'lever.history', message: 'History' }) },
        ]}
        value={which}
        onChange={setWhich}
      />
      {which === 'history' ? (
        <>
          <Tabs
            className="lv-lists__subtabs"
            tabs={[
              { value: 'closed', label: t({ id: 'lever.closedPositions', message: 'Closed positions' }) },
              { value: 'funding', label: t({ id: 'lever.fundingPayments', message: 'Funding' }) },
            ]}
            value={past}
            onChange={setPast}
          />
          {past === 'closed' ? (
            <HistoryList api={api} version={String(closings)} pairOf={pairOf} />
          ) : (
            <FundingHistoryList api={api} version={String(closings)} pairOf={pairOf} />
          )}
        </>
      ) : state === 'loading' ? (
        <div className="fd-list-state">
          <Spinner size={22} />
        </div>
      ) : state === 'failed' ? (
        <p className="lv-placeholder" role="alert">
          <Trans id="lever.loadFailed">Your futures could not be loaded. Check your connection.</Trans>
        </p>
      ) : which === 'positions' ? (
        <PositionList api={api} rows={rows} pairOf={pairOf} lastOf={lastOf} onChanged={onChanged} />
      ) : (
        <>
          <CloseOrderList api={api} orders={closeOrders} pairOf={pairOf} onChanged={onChanged} />
          {(entrusts.length > 0 || closeOrders.length === 0) && (
            <EntrustList api={api} orders={entrusts} pairOf={pairOf} onChanged={onChanged} />
          )}
        </>
      )}
    </section>
  )
}
