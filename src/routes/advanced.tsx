import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /advanced: advanced identity verification (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/advanced')({
  component: AdvancedPage,
})

function AdvancedPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.advanced', message: 'Advanced verification' })} />
}
