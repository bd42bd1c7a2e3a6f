import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /register: registration (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/register')({
  component: RegisterPage,
})

function RegisterPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.register', message: 'Sign up' })} />
}
