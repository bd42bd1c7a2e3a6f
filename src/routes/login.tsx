import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /login: sign-in by email, phone or wallet (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/login')({
  component: LoginPage,
})

function LoginPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.login', message: 'Log in' })} />
}
