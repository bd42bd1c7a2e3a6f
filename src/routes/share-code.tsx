import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /share-code: invite code, link, QR code and subordinates (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/share-code')({
  component: ShareCodePage,
})

function ShareCodePage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.shareCode', message: 'Invite friends' })} />
}
