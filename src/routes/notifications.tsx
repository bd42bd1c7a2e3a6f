import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { NotifySettingsPanel } from '../features/notify'
import { requireSession } from '../features/security'
import { LoadProblem } from '../features/support'
import { PageHeader } from '../ui/PageHeader'

/**
 * /notifications (issue 24 part 6, from Mine and the price-alert sheet): push notifications on this device, how many
 * devices receive them, and which events are pushed. Loaded by the route; a failure offers to retry.
 */
export const Route = createFileRoute('/notifications')({
  beforeLoad: ({ location }) => requireSession(location.href),
  loader: ({ context }) => context.api.notifySettings({ silent: true }).catch(() => null),
  component: NotificationsPage,
})

function NotificationsPage() {
  const settings = Route.useLoaderData()
  const router = useRouter()
  const { t } = useLingui()
  return (
    <div className="page sec-page">
      <PageHeader title={t({ id: 'page.notifications', message: 'Notifications' })} />
      {settings === null ? (
        <LoadProblem onRetry={() => void router.invalidate()}>
          <Trans id="notify.loadFailed">Your notification settings could not be loaded. Check your connection.</Trans>
        </LoadProblem>
      ) : (
        <NotifySettingsPanel initial={settings} />
      )}
    </div>
  )
}
