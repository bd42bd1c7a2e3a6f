import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { LoadError, MemberInfo, TierCard, sessionKey } from '../features/identity'
import { requireSession } from '../features/security'
import { useRefreshUserInfo } from '../features/user-center'
import { PageHeader } from '../ui/PageHeader'
import { PullToRefresh } from '../ui/PullToRefresh'

/**
 * /identity (spec §2): both verification tiers with their states (not certified, in review, verified,
 * re-authenticate with the reason), the ways into /primary and /advanced, and the member information.
 */
export const Route = createFileRoute('/identity')({
  beforeLoad: ({ location }) => requireSession(location.href),
  // Per session, and dropped as soon as the page is left: nothing of one user stays for the next (F4).
  loaderDeps: () => ({ session: sessionKey() }),
  gcTime: 0,
  loader: ({ context }) => context.api.identity({ silent: true }).catch(() => null),
  component: IdentityPage,
})

function IdentityPage() {
  const info = Route.useLoaderData()
  const { api } = Route.useRouteContext()
  const router = useRouter()
  const { t } = useLingui()
  // The user center's badge reads USERINFO: bring it up to date with what this page shows.
  useRefreshUserInfo(api)
  return (
    <div className="page id-page">
      <PageHeader title={t({ id: 'page.identity', message: 'Identity verification' })} />
      <PullToRefresh onRefresh={() => router.invalidate()}>
        {info ? (
          <div className="id-body">
            <p className="id-intro">
              <Trans id="identity.intro">
                Verify your identity to keep your account safe. Basic verification comes first; advanced verification
                adds your document and a selfie.
              </Trans>
            </p>
            <TierCard level="basic" tier={info.basic} />
            <TierCard
              level="advanced"
              tier={info.advanced}
              locked={info.basic.status !== 'verified' && info.advanced.status === 'none'}
            />
            <MemberInfo info={info} />
          </div>
        ) : (
          <LoadError onRetry={() => void router.invalidate()} />
        )}
      </PullToRefresh>
    </div>
  )
}
