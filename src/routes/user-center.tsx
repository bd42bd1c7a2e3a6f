import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /user-center: user center: records, referral, security, service, theme, logout, demo account (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/user-center')({
  component: UserCenterPage,
})

function UserCenterPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.userCenter', message: 'Me' })} />
}
