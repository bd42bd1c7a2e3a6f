import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, useRouter } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { formatUtcDateTime } from '../lib/dates'
import { PageHeader } from '../ui/PageHeader'
import { PullToRefresh } from '../ui/PullToRefresh'

const searchSchema = z.object({
  page: z.catch(z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1))), 1), 1),
})
const PAGE_SIZE = 20

/** Notice center (spec §2): announcements of the current language, pinned then newest first, 20 a page; pull to refresh. */
export const Route = createFileRoute('/notice-center')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) =>
    context.api.getAnnouncements({ page: deps.page, limit: PAGE_SIZE }, { silent: true }).catch(() => null),
  component: NoticeCenterPage,
})

function NoticeCenterPage() {
  const data = Route.useLoaderData()
  const { page } = Route.useSearch()
  const router = useRouter()
  const { t } = useLingui()
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1
  return (
    <div className="page">
      <PageHeader title={t({ id: 'page.noticeCenter', message: 'Announcements' })} />
      <PullToRefresh onRefresh={() => router.invalidate()}>
        {data === null ? (
          <div className="load-failed" role="alert">
            <p>
              <Trans id="notice.loadFailed">Announcements could not be loaded. Check your connection.</Trans>
            </p>
            <button type="button" className="btn btn--ghost" onClick={() => void router.invalidate()}>
              <Trans id="common.retry">Retry</Trans>
            </button>
          </div>
        ) : data.list.length === 0 ? (
          <p className="empty-state">
            <Trans id="notice.empty">No announcements yet.</Trans>
          </p>
        ) : (
          <ul className="notice-list">
            {data.list.map((n) => (
              <li key={n.id}>
                <Link to="/notice-details" search={{ id: n.id }} className="notice-list__item">
                  <span className="notice-list__title">
                    {n.pinned && (
                      <span className="tag tag--brand">
                        <Trans id="notice.pinned">Pinned</Trans>
                      </span>
                    )}
                    {n.title}
                  </span>
                  <span className="notice-list__summary">{n.summary}</span>
                  <span className="notice-list__date">{formatUtcDateTime(n.created_at)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <nav className="pager">
            {page > 1 && (
              <Link to="/notice-center" search={{ page: page - 1 }} className="btn btn--ghost">
                <Trans id="common.prevPage">Previous</Trans>
              </Link>
            )}
            <span className="pager__at">
              {page} / {pages}
            </span>
            {page < pages && (
              <Link to="/notice-center" search={{ page: page + 1 }} className="btn btn--ghost">
                <Trans id="common.nextPage">Next</Trans>
              </Link>
            )}
          </nav>
        )}
      </PullToRefresh>
    </div>
  )
}
