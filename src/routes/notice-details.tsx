import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, useRouter } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { LoadProblem, loadNotice } from '../features/support'
import { formatUtcDateTime } from '../lib/dates'
import { Markdown } from '../ui/Markdown'
import { PageHeader } from '../ui/PageHeader'

const searchSchema = z.object({
  id: z.catch(z.optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(1)))), undefined),
})

/**
 * One announcement (spec §2 notice details): title and date as text, the content as sanitized Markdown. An id the
 * server does not know says so (with a way to the list); a failed load offers Retry.
 */
export const Route = createFileRoute('/notice-details')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) => loadNotice(context.api, deps.id),
  component: NoticeDetailsPage,
})

function NoticeDetailsPage() {
  const loaded = Route.useLoaderData()
  const router = useRouter()
  const { t } = useLingui()
  return (
    <div className="page">
      <PageHeader title={t({ id: 'page.noticeDetails', message: 'Announcement' })} />
      {'notice' in loaded ? (
        <article className="notice">
          <h2 className="notice__title">{loaded.notice.title}</h2>
          <time className="notice__date">{formatUtcDateTime(loaded.notice.created_at)}</time>
          <Markdown source={loaded.notice.content} />
        </article>
      ) : 'failed' in loaded ? (
        <LoadProblem onRetry={() => void router.invalidate()}>
          <Trans id="notice.detailFailed">This announcement could not be loaded. Check your connection.</Trans>
        </LoadProblem>
      ) : (
        <div className="empty-state" role="status">
          <p>
            <Trans id="notice.missing">This announcement does not exist or has been removed.</Trans>
          </p>
          <Link to="/notice-center" className="btn btn--ghost">
            <Trans id="page.noticeCenter">Announcements</Trans>
          </Link>
        </div>
      )}
    </div>
  )
}
