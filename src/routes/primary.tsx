import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /primary: basic identity verification (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/primary')({
  component: PrimaryPage,
})

function PrimaryPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.primary', message: 'Basic verification' })} />
}
