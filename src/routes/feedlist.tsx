import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../ui/PlaceholderPage'

/** /feedlist: the user's feedback list (spec §2). Built by a later issue; until then its header and an honest note. */
export const Route = createFileRoute('/feedlist')({
  component: FeedlistPage,
})

function FeedlistPage() {
  const { t } = useLingui()
  return <PlaceholderPage title={t({ id: 'page.feedlist', message: 'My feedback' })} />
}
