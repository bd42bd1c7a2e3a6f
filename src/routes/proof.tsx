import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { LoadRetry, ProofReport } from '../features/funds'
import { requireSession } from '../features/security'
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
    const [latest, mine] = await Promise.all([
      context.api.proofLatest({ silent: true }),
      context.api.proofMine({ silent: true }),
    ]).catch(() => [undefined, undefined] as const)
    return latest === undefined || mine === undefined ? null : { latest, mine }
  },
  component: ProofPage,
})

function ProofPage() {
  const data = Route.useLoaderData()
  const { t } = useLingui()
  return (
    <div className="page fd-page">
      <PageHeader title={t({ id: 'page.proof', message: 'Proof of reserves' })} />
      {data === null ? <LoadRetry /> : <ProofReport latest={data.latest} mine={data.mine} />}
    </div>
  )
}
