import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /coin-detail: one wallet's balances and records (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/coin-detail')({
  component: CoinDetailPage,
})

function CoinDetailPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.coinDetail', message: 'Coin details' })} />
}
