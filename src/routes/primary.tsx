import { useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { BasicForm, LoadError, TierNotice, sessionKey } from '../features/identity'
import { requireSession } from '../features/security'
import { reloadUserInfo, useSessionView } from '../features/user-center'
import { PageHeader } from '../ui/PageHeader'

/**
 * /primary (spec §2, §5): basic verification — name, ID number, city and email, all required. Submitting puts it in
 * review; while in review or once verified the page says so instead of offering the form again.
 */
export const Route = createFileRoute('/primary')({
  beforeLoad: ({ location }) => requireSession(location.href),
  // Per session, and dropped as soon as the page is left: nothing of one user stays for the next (F4).
  loaderDeps: () => ({ session: sessionKey() }),
  gcTime: 0,
  loader: ({ context }) => context.api.identity({ silent: true }).catch(() => null),
  component: PrimaryPage,
})

function PrimaryPage() {
  const info = Route.useLoaderData()
  const { api } = Route.useRouteContext()
  const { user } = useSessionView()
  const router = useRouter()
  const navigate = Route.useNavigate()
  const { t } = useLingui()
  const basic = info?.basic
  return (
    <div className="page id-page">
      <PageHeader title={t({ id: 'identity.basic.title', message: 'Basic verification' })} />
      {!basic ? (
        <LoadError onRetry={() => void router.invalidate()} />
      ) : basic.status === 'review' || basic.status === 'verified' ? (
        <div className="id-body">
          <TierNotice kind={basic.status} date={basic.status === 'review' ? basic.submitted_at : basic.reviewed_at} />
        </div>
      ) : (
        <div className="id-body">
          {basic.status === 'rejected' && <TierNotice kind="rejected" reason={basic.reject_reason} />}
          <BasicForm
            // A re-submission starts from what was sent (the ID number comes back masked, so it is typed again).
            initial={{
              name: basic.name ?? '',
              id_number: '',
              city: basic.city ?? '',
              email: basic.email ?? user?.email ?? '',
            }}
            onDone={() => {
              void reloadUserInfo(api)
              void navigate({ to: '/identity', replace: true })
            }}
          />
        </div>
      )}
    </div>
  )
}
