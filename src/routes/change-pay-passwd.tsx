import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /change-pay-passwd: the withdrawal/transaction password (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/change-pay-passwd')({
  component: ChangePayPasswdPage,
})

function ChangePayPasswdPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.changePayPasswd', message: 'Change trading password' })} />
}
