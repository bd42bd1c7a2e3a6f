import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { formatUtcDateTime } from '../lib/format'
import { Markdown } from '../ui/Markdown'
import { PageHeader } from '../ui/PageHeader'

const searchSchema = z.object({
  id: z.catch(z.optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(1)))), undefined),
})

/** One announcement (spec §2 notice details): title and date as text, the content as sanitized Markdown. */
export const Route = createFileRoute('/notice-details')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id === undefined ? null : context.api.getAnnouncementInfo(deps.id, { silent: true }).catch(() => null),
  component: NoticeDetailsPage,
})

function NoticeDetailsPage() {
  const notice = Route.useLoaderData()
  const router = useRouter()
  const { t } = useLingui()
  return (
    <div className="page">
      <PageHeader title={t({ id: 'page.noticeDetails', message: 'Announcement' })} />
      {notice ? (
        <article className="notice">
          <h2 className="notice__title">{notice.title}</h2>
          <time className="notice__date">{formatUtcDateTime(notice.created_at)}</time>
          <Markdown source={notice.content} />
        </article>
      ) : (
        <div className="load-failed" role="alert">
          <p>
            <Trans id="notice.notFound">This announcement could not be loaded.</Trans>
          </p>
          <button type="button" className="btn btn--ghost" onClick={() => void router.invalidate()}>
            <Trans id="common.retry">Retry</Trans>
          </button>
        </div>
      )}
    </div>
  )
}
