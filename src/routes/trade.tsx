import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /trade: spot buy/sell, limit and market orders (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/trade')({
  component: TradePage,
})

function TradePage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.trade', message: 'Spot trading' })} />
}
