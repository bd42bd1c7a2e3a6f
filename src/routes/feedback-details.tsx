import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /feedback-details: one feedback and its reply (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/feedback-details')({
  component: FeedbackDetailsPage,
})

function FeedbackDetailsPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.feedbackDetails', message: 'Feedback details' })} />
}
