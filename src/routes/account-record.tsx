import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /account-record: balance-change records with detail (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/account-record')({
  component: AccountRecordPage,
})

function AccountRecordPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.accountRecord', message: 'Account history' })} />
}
