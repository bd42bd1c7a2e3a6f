import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /withdrawal-record: withdrawal records and their review state (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/withdrawal-record')({
  component: WithdrawalRecordPage,
})

function WithdrawalRecordPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.withdrawalRecord', message: 'Withdrawal history' })} />
}
