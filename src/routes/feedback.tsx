import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /feedback: type, title and content (spec §5). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/feedback')({
  component: FeedbackPage,
})

function FeedbackPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.feedback', message: 'Submit feedback' })} />
}
