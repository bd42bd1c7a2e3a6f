import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /deposit-record: deposit records and their review state (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/deposit-record')({
  component: DepositRecordPage,
})

function DepositRecordPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.depositRecord', message: 'Deposit history' })} />
}
