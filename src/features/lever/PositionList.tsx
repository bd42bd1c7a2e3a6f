import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import type { Api } from '../../api'
import { confirmDialog } from '../../ui/dialog'
import { Icon } from '../../ui/Icon'
import { showToast } from '../../ui/toast'
import type { LivePosition } from './position-math'
import { PositionItem } from './PositionItem'
import type { PairInfo } from './pair-info'
import { TpslSheet } from './TpslSheet'
import { CloseSheet } from './CloseSheet'
import { useContractTerms } from './use-contract-terms'

/**
 * The open positions, live (spec §2 Lever: positions, one-click close): each with Close (a sheet: all or part, at
 * market or as a reduce-only limit order) and its take-profit / stop-loss sheet, and Close all (confirmed with how
 * many) above them.
 */
export function PositionList({
  api,
  rows,
  pairOf,
  lastOf,
  onChanged,
}: {
  api: Pick<Api, 'contractClose' | 'contractCloseAll' | 'contractTpsl' | 'contractCloseOrder' | 'contractMarket'>
  rows: readonly LivePosition[]
  pairOf: (symbol: string) => PairInfo
  /** The latest trade price of a symbol, null before its ticker. */
  lastOf: (symbol: string) => string | null
  /** After a close or a TP/SL change (read the account again). */
  onChanged: () => void
}) {
  const [busy, setBusy] = useState<number | 'all' | null>(null)
  const [editing, setEditing] = useState<number | null>(null)
  const [closing, setClosing] = useState<number | null>(null)
  const closed = rows.find((r) => r.position.id === closing)
  const { terms } = useContractTerms(api, closed?.position.symbol ?? null)
  const run = async (what: number | 'all', call: () => Promise<unknown>) => {
    setBusy(what)
    try {
      await call()
      showToast(
        what === 'all'
          ? msg({ id: 'lever.closedAll', message: 'All positions closed' })
          : msg({ id: 'lever.closed', message: 'Position closed' }),
        'success',
      )
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(null)
      onChanged()
    }
  }
  const closeAll = async () => {
    const count = rows.length
    const ok = await confirmDialog({
      message: msg({ id: 'lever.closeAllConfirm', message: `Close all ${count} positions at the market price?` }),
      confirmText: msg({ id: 'lever.closeAll', message: 'Close all' }),
    })
    if (ok) await run('all', () => api.contractCloseAll())
  }
  const edited = rows.find((r) => r.position.id === editing)
  if (rows.length === 0) {
    return (
      <div className="empty-state">
        <Icon name="lever" size={40} />
        <p>
          <Trans id="lever.noPositions">No open positions</Trans>
        </p>
      </div>
    )
  }
  return (
    <>
      <div className="lv-lists__bar">
        <button type="button" className="lv-btn lv-btn--close" disabled={busy !== null} onClick={() => void closeAll()}>
          <Trans id="lever.closeAll">Close all</Trans>
        </button>
      </div>
      <ul className="lv-rows">
        {rows.map((r) => {
          const info = pairOf(r.position.symbol)
          return (
            <PositionItem
              key={r.position.id}
              row={r}
              {...info}
              lastPrice={lastOf(r.position.symbol)}
              closing={busy === r.position.id || busy === 'all'}
              onTpsl={() => setEditing(r.position.id)}
              onClose={() => setClosing(r.position.id)}
            />
          )
        })}
      </ul>
      {closed && (
        <CloseSheet
          api={api}
          position={closed.position}
          terms={terms}
          {...pairOf(closed.position.symbol)}
          onDone={onChanged}
          onClose={() => setClosing(null)}
        />
      )}
      {edited && (
        <TpslSheet
          api={api}
          position={edited.position}
          mark={edited.mark}
          pair={pairOf(edited.position.symbol).pair}
          precision={pairOf(edited.position.symbol).precision}
          onSaved={onChanged}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  )
}
