import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /help-details: one help article (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/help-details')({
  component: HelpDetailsPage,
})

function HelpDetailsPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.helpDetails', message: 'Help article' })} />
}
