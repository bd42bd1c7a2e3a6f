import { Trans } from '@lingui/react/macro'
import { useCallback, useState } from 'react'
import type { ContractHistory } from '../../../common/api/contract'
import type { Api } from '../../api'
import { PAGE_SIZE, RecordList, usePagedList } from '../funds'
import { HistoryDetailSheet } from './HistoryDetailSheet'
import { HistoryItem } from './HistoryItem'
import type { PairInfo } from './pair-info'

/**
 * Closed and liquidated positions, newest first, page by page; read again whenever `version` changes (a position
 * left the open list: closed here, by its take-profit or stop-loss, or liquidated). A tap opens the detail.
 */
export function HistoryList({
  api,
  version,
  pairOf,
}: {
  api: Pick<Api, 'contractHistory'>
  /** Changes when the history may have grown. */
  version: string
  pairOf: (symbol: string) => PairInfo
}) {
  const [open, setOpen] = useState<ContractHistory | null>(null)
  const fetchPage = useCallback(
    (page: number, silent: boolean) => api.contractHistory({ page, limit: PAGE_SIZE }, { silent }),
    [api],
  )
  const list = usePagedList<ContractHistory>(fetchPage, version)
  return (
    <>
      <RecordList list={list} empty={<Trans id="lever.noHistory">No closed positions yet</Trans>}>
        {(h) => <HistoryItem key={h.id} item={h} info={pairOf(h.symbol)} onOpen={() => setOpen(h)} />}
      </RecordList>
      {open && <HistoryDetailSheet item={open} info={pairOf(open.symbol)} onClose={() => setOpen(null)} />}
    </>
  )
}
