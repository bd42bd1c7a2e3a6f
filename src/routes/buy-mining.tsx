import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /buy-mining: subscribing to a financial product (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/buy-mining')({
  component: BuyMiningPage,
})

function BuyMiningPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.buyMining', message: 'Subscribe' })} />
}
