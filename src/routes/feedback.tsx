import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../features/security'
import { FeedbackForm, type FeedbackDraft } from '../features/support'
import { PageHeader } from '../ui/PageHeader'
import { showToast } from '../ui/toast'

const SUBMITTED = msg({ id: 'support.submitted', message: 'Submitted successfully' })

/** /feedback (spec §2, §5): a new feedback; once sent, its details (waiting for a reply) replace this screen. */
export const Route = createFileRoute('/feedback')({
  beforeLoad: ({ location }) => requireSession(location.href),
  component: FeedbackPage,
})

function FeedbackPage() {
  const { api } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  const { t } = useLingui()
  const send = async (draft: FeedbackDraft) => {
    const { id } = await api.submitFeedback(draft, { silent: true })
    showToast(SUBMITTED, 'success')
    await navigate({ to: '/feedback-details', search: { id }, replace: true })
  }
  return (
    <div className="page sp-page">
      <PageHeader title={t({ id: 'page.feedback', message: 'Submit feedback' })} />
      <div className="sp-card sp-card--form">
        <p className="sp-lead">
          <Trans id="support.form.lead">
            Tell us what went wrong or what could be better. We reply here in the app.
          </Trans>
        </p>
        <FeedbackForm onSubmit={send} />
      </div>
    </div>
  )
}
