import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { DepositRow, RecordList, usePagedList, PAGE_SIZE } from '../features/funds'
import { requireSession } from '../features/security'
import { useSessionView } from '../features/user-center'
import { PageHeader } from '../ui/PageHeader'
import { PullToRefresh } from '../ui/PullToRefresh'

/** /deposit-record (spec §2, §4): the user's deposit claims, newest first, pending, approved or rejected with why. */
export const Route = createFileRoute('/deposit-record')({
  beforeLoad: ({ location }) => requireSession(location.href),
  component: DepositRecordPage,
})

function DepositRecordPage() {
  const { api } = Route.useRouteContext()
  const { user } = useSessionView()
  const { t } = useLingui()
  const list = usePagedList(
    (page, silent) => api.depositList({ page, limit: PAGE_SIZE }, { silent }),
    `${user?.id}:${user?.book}`,
  )
  return (
    <div className="page fd-page">
      <PageHeader title={t({ id: 'page.depositRecord', message: 'Deposit history' })} />
      <PullToRefresh onRefresh={() => list.reload()}>
        <RecordList
          list={list}
          empty={
            <>
              <Trans id="funds.noDeposits">No deposits yet.</Trans>{' '}
              <Link to="/deposit" className="fd-link">
                <Trans id="assets.deposit">Deposit</Trans>
              </Link>
            </>
          }
        >
          {(d) => <DepositRow key={d.id} deposit={d} />}
        </RecordList>
      </PullToRefresh>
    </div>
  )
}
