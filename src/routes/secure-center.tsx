import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /secure-center: reset the login password, change the trading password (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/secure-center')({
  component: SecureCenterPage,
})

function SecureCenterPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.secureCenter', message: 'Security center' })} />
}
