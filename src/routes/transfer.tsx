import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { LoadRetry, PAGE_SIZE, RecordList, TransferForm, TransferRow, usePagedList } from '../features/funds'
import { requireSession } from '../features/security'
import { useSessionView } from '../features/user-center'
import { sessionKey } from '../state/session-key'
import { currentBook } from '../state/user'
import { PageHeader } from '../ui/PageHeader'
import { PullToRefresh } from '../ui/PullToRefresh'

/**
 * /transfer (spec §2): move funds between the coin, contract and options accounts of the book at once, and the
 * transfers made so far below. Works in the simulation account too (on its virtual funds).
 */
export const Route = createFileRoute('/transfer')({
  beforeLoad: ({ location }) => requireSession(location.href),
  loaderDeps: () => ({ session: sessionKey(), book: currentBook() }),
  gcTime: 0,
  loader: ({ context }) => context.api.overview({ silent: true }).catch(() => null),
  component: TransferPage,
})

function TransferPage() {
  const overview = Route.useLoaderData()
  const { api } = Route.useRouteContext()
  const router = useRouter()
  const { user } = useSessionView()
  const { t } = useLingui()
  const list = usePagedList(
    (page, silent) => api.transferList({ page, limit: PAGE_SIZE }, { silent }),
    `${user?.id}:${user?.book}`,
  )
  const refresh = () => Promise.all([router.invalidate(), list.reload()])
  return (
    <div className="page fd-page">
      <PageHeader title={t({ id: 'page.transfer', message: 'Transfer' })} />
      <PullToRefresh onRefresh={refresh}>
        <div className="fd-body">
          {overview === null ? (
            <LoadRetry />
          ) : (
            <TransferForm key={`${user?.id}:${user?.book}`} overview={overview} onDone={() => void refresh()} />
          )}
          <h2 className="fd-section-title">
            <Trans id="funds.transferHistory">Transfer history</Trans>
          </h2>
        </div>
        <RecordList list={list} empty={<Trans id="funds.noTransfers">No transfers yet.</Trans>}>
          {(x) => <TransferRow key={x.id} transfer={x} />}
        </RecordList>
      </PullToRefresh>
    </div>
  )
}
