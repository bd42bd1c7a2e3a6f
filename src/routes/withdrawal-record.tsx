import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { PAGE_SIZE, RecordList, usePagedList, WithdrawRow } from '../features/funds'
import { requireSession } from '../features/security'
import { useSessionView } from '../features/user-center'
import { PageHeader } from '../ui/PageHeader'
import { PullToRefresh } from '../ui/PullToRefresh'

/** /withdrawal-record (spec §2, §4): the user's withdrawals, newest first, with their state and a rejection's reason. */
export const Route = createFileRoute('/withdrawal-record')({
  beforeLoad: ({ location }) => requireSession(location.href),
  component: WithdrawalRecordPage,
})

function WithdrawalRecordPage() {
  const { api } = Route.useRouteContext()
  const { user } = useSessionView()
  const { t } = useLingui()
  const list = usePagedList(
    (page, silent) => api.withdrawList({ page, limit: PAGE_SIZE }, { silent }),
    `${user?.id}:${user?.book}`,
  )
  return (
    <div className="page fd-page">
      <PageHeader title={t({ id: 'page.withdrawalRecord', message: 'Withdrawal history' })} />
      <PullToRefresh onRefresh={() => list.reload()}>
        <RecordList
          list={list}
          empty={
            <>
              <Trans id="funds.noWithdrawals">No withdrawals yet.</Trans>{' '}
              <Link to="/withdrawal" className="fd-link">
                <Trans id="assets.withdraw">Withdraw</Trans>
              </Link>
            </>
          }
        >
          {(w) => <WithdrawRow key={w.id} withdrawal={w} />}
        </RecordList>
      </PullToRefresh>
    </div>
  )
}
