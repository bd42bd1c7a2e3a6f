import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { LoadRetry, ProofReport } from '../features/funds'
import { requireSession } from '../features/security'
import { useRefreshUserInfo, useSessionView } from '../features/user-center'
import { sessionKey } from '../state/session-key'
import { PageHeader } from '../ui/PageHeader'

/**
 * /proof (issue 23 part 6): the newest proof of reserves and liabilities, the signed-in user's inclusion checked on
 * this device.
 */
export const Route = createFileRoute('/proof')({
  beforeLoad: ({ location }) => requireSession(location.href),
  loaderDeps: () => ({ session: sessionKey() }),
  gcTime: 0,
  loader: async ({ context }) => {
    try {
      const [latest, mine] = await Promise.all([
        context.api.proofLatest({ silent: true }),
        context.api.proofMine({ silent: true }),
      ])
      // A proof published between the two calls: read the newest header again, so it is the one the path is of.
      if (mine && latest && mine.proof_id !== latest.id) return { latest: await context.api.proofLatest(), mine }
      return { latest, mine }
    } catch {
      return null
    }
  },
  component: ProofPage,
})

function ProofPage() {
  const data = Route.useLoaderData()
  const { api } = Route.useRouteContext()
  const { user } = useSessionView()
  const { t } = useLingui()
  useRefreshUserInfo(api)
  return (
    <div className="page fd-page">
      <PageHeader title={t({ id: 'page.proof', message: 'Proof of reserves' })} />
      {data === null ? <LoadRetry /> : <ProofReport latest={data.latest} mine={data.mine} userId={user?.id ?? null} />}
    </div>
  )
}
