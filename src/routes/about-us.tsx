import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /about-us: contact and feedback entries (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/about-us')({
  component: AboutUsPage,
})

function AboutUsPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.aboutUs', message: 'About us' })} />
}
