import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /mining-order: financial orders and early redemption (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/mining-order')({
  component: MiningOrderPage,
})

function MiningOrderPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.miningOrder', message: 'My subscriptions' })} />
}
