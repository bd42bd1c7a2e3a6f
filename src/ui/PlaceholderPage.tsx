import { ComingSoon } from './ComingSoon'
import { PageHeader } from './PageHeader'

/** A sub-page built by a later issue: its real header (back, translated title) and the honest note. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="page">
      <PageHeader title={title} />
      <ComingSoon />
    </div>
  )
}
