import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import type { LedgerRecord } from '../../common/api/assets'
import {
  LedgerDetailSheet,
  LedgerFilters,
  LedgerRow,
  PAGE_SIZE,
  RecordList,
  usePagedList,
  type LedgerFilter,
} from '../features/funds'
import { requireSession } from '../features/security'
import { useSessionView } from '../features/user-center'
import { PageHeader } from '../ui/PageHeader'
import { PullToRefresh } from '../ui/PullToRefresh'

/**
 * /account-record (spec §2): every movement of the user's balances (deposits, withdrawals, transfers, demo funds),
 * newest first, filtered by account and type, page by page; a tap opens the record's detail.
 */
export const Route = createFileRoute('/account-record')({
  beforeLoad: ({ location }) => requireSession(location.href),
  component: AccountRecordPage,
})

function AccountRecordPage() {
  const { api } = Route.useRouteContext()
  const { user } = useSessionView()
  const { t } = useLingui()
  const [filter, setFilter] = useState<LedgerFilter>({ wallet: 'all', type: 'all' })
  const [open, setOpen] = useState<LedgerRecord | null>(null)
  const list = usePagedList(
    (page, silent) =>
      api.ledger(
        {
          page,
          limit: PAGE_SIZE,
          ...(filter.wallet === 'all' ? {} : { wallet: filter.wallet }),
          ...(filter.type === 'all' ? {} : { type: filter.type }),
        },
        { silent },
      ),
    `${user?.id}:${user?.book}:${filter.wallet}:${filter.type}`,
  )
  return (
    <div className="page fd-page">
      <PageHeader title={t({ id: 'page.accountRecord', message: 'Account history' })} />
      <LedgerFilters value={filter} onChange={setFilter} />
      <PullToRefresh onRefresh={() => list.reload()}>
        <RecordList list={list} empty={<Trans id="funds.noRecords">No records yet.</Trans>}>
          {(r) => <LedgerRow key={r.id} record={r} onOpen={() => setOpen(r)} />}
        </RecordList>
      </PullToRefresh>
      <LedgerDetailSheet record={open} onClose={() => setOpen(null)} />
    </div>
  )
}
