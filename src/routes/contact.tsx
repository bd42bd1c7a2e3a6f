import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /contact: online customer service (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/contact')({
  component: ContactPage,
})

function ContactPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.contact', message: 'Customer service' })} />
}
