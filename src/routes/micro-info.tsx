import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /micro-info: second-contract order history and detail (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/micro-info')({
  component: MicroInfoPage,
})

function MicroInfoPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.microInfo', message: 'Options orders' })} />
}
