import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { requireSession, SessionList } from '../features/security'
import { LoadProblem } from '../features/support'
import { Icon } from '../ui/Icon'
import { PageHeader } from '../ui/PageHeader'
import { PullToRefresh } from '../ui/PullToRefresh'

/**
 * /sessions (issue 24 part 7, from the security center): the devices signed in to the account, each but this one
 * with "Sign out". Loaded by the route (the overlay shows meanwhile); a failure offers to retry; pull to refresh.
 */
export const Route = createFileRoute('/sessions')({
  beforeLoad: ({ location }) => requireSession(location.href),
  loader: ({ context }) => context.api.sessionList({ silent: true }).catch(() => null),
  component: SessionsPage,
})

function SessionsPage() {
  const data = Route.useLoaderData()
  const router = useRouter()
  const { t } = useLingui()
  const reload = () => router.invalidate()
  return (
    <div className="page sec-page">
      <PageHeader title={t({ id: 'page.sessions', message: 'Signed-in devices' })} />
      <PullToRefresh onRefresh={reload}>
        {data === null ? (
          <LoadProblem onRetry={() => void reload()}>
            <Trans id="security.sessions.loadFailed">Your devices could not be loaded. Check your connection.</Trans>
          </LoadProblem>
        ) : data.list.length === 0 ? (
          <div className="empty-state">
            <Icon name="devices" size={40} />
            <p>
              <Trans id="security.sessions.empty">No device is signed in to your account.</Trans>
            </p>
          </div>
        ) : (
          <SessionList list={data.list} onChanged={reload} />
        )}
      </PullToRefresh>
    </div>
  )
}
