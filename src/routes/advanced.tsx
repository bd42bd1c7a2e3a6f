import { useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { AdvancedForm, LoadError, TierNotice, sessionKey } from '../features/identity'
import { requireSession } from '../features/security'
import { reloadUserInfo } from '../features/user-center'
import { PageHeader } from '../ui/PageHeader'

/**
 * /advanced (spec §2, §5): advanced verification — document type, front, back and selfie photos. Open once the
 * basic tier is verified; the page explains what comes first otherwise, and shows the state while in review.
 */
export const Route = createFileRoute('/advanced')({
  beforeLoad: ({ location }) => requireSession(location.href),
  // Per session, and dropped as soon as the page is left: nothing of one user stays for the next (F4).
  loaderDeps: () => ({ session: sessionKey() }),
  gcTime: 0,
  loader: ({ context }) => context.api.identity({ silent: true }).catch(() => null),
  component: AdvancedPage,
})

function AdvancedPage() {
  const info = Route.useLoaderData()
  const { api } = Route.useRouteContext()
  const router = useRouter()
  const navigate = Route.useNavigate()
  const { t } = useLingui()
  const title = t({ id: 'identity.advanced.title', message: 'Advanced verification' })
  if (!info) {
    return (
      <div className="page id-page">
        <PageHeader title={title} />
        <LoadError onRetry={() => void router.invalidate()} />
      </div>
    )
  }
  const { basic, advanced } = info
  const blocked =
    advanced.status === 'review' || advanced.status === 'verified'
      ? advanced.status
      : basic.status === 'review'
        ? 'basicInReview'
        : basic.status !== 'verified'
          ? 'needBasic'
          : null
  return (
    <div className="page id-page">
      <PageHeader title={title} />
      <div className="id-body">
        {blocked ? (
          <TierNotice
            kind={blocked}
            date={advanced.status === 'verified' ? advanced.reviewed_at : advanced.submitted_at}
          />
        ) : (
          <>
            {advanced.status === 'rejected' && <TierNotice kind="rejected" reason={advanced.reject_reason} />}
            <AdvancedForm
              onDone={() => {
                void reloadUserInfo(api)
                void navigate({ to: '/identity', replace: true })
              }}
            />
          </>
        )}
      </div>
    </div>
  )
}
