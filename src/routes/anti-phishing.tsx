import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AntiPhishingForm, requireSession } from '../features/security'
import { useRefreshUserInfo, useSessionView } from '../features/user-center'
import { PageHeader } from '../ui/PageHeader'

/** /anti-phishing (issue 24 part 7, from the security center): the code every e-mail to the account starts with. */
export const Route = createFileRoute('/anti-phishing')({
  beforeLoad: ({ location }) => requireSession(location.href),
  component: AntiPhishingPage,
})

function AntiPhishingPage() {
  const { api } = Route.useRouteContext()
  const { t } = useLingui()
  const { user } = useSessionView()
  useRefreshUserInfo(api)
  return (
    <div className="page sec-page">
      <PageHeader title={t({ id: 'antiPhishing.label', message: 'Anti-phishing code' })} />
      {user ? (
        <AntiPhishingForm key={user.anti_phishing ?? ''} user={user} />
      ) : (
        <p className="sec-loading">
          <Trans id="userCenter.loading">Loading your account…</Trans>
        </p>
      )}
    </div>
  )
}
