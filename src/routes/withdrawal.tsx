import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /withdrawal: coin withdrawal (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/withdrawal')({
  component: WithdrawalPage,
})

function WithdrawalPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.withdrawal', message: 'Withdraw' })} />
}
