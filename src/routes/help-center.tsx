import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /help-center: help articles (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/help-center')({
  component: HelpCenterPage,
})

function HelpCenterPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.helpCenter', message: 'Help center' })} />
}
