import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /financial: financial (yield, mining) products (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/financial')({
  component: FinancialPage,
})

function FinancialPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.financial', message: 'Wealth' })} />
}
