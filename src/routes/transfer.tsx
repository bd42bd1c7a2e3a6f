import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /transfer: transfers between accounts (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/transfer')({
  component: TransferPage,
})

function TransferPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.transfer', message: 'Transfer' })} />
}
