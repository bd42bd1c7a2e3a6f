import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /deposit: coin deposit on a chosen chain (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/deposit')({
  component: DepositPage,
})

function DepositPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.deposit', message: 'Deposit' })} />
}
