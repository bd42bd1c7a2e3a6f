import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /identity: verification tiers and member information (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/identity')({
  component: IdentityPage,
})

function IdentityPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.identity', message: 'Identity verification' })} />
}
