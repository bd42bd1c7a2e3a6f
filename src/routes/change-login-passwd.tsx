import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /change-login-passwd: old, new and confirmed password (spec §5). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/change-login-passwd')({
  component: ChangeLoginPasswdPage,
})

function ChangeLoginPasswdPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.changeLoginPasswd', message: 'Change login password' })} />
}
