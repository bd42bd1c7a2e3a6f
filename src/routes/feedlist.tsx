import { Trans, useLingui } from '@lingui/react/macro'
import { useLingui as useI18n } from '@lingui/react'
import { createFileRoute, Link, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import type { FeedbackItem } from '../../common/api/support'
import { requireSession } from '../features/security'
import { FEEDBACK_TYPE_LABELS, FeedbackStatusTag, LoadProblem } from '../features/support'
import { formatUtcDateTime } from '../lib/dates'
import { Icon } from '../ui/Icon'
import { PageHeader } from '../ui/PageHeader'
import { PullToRefresh } from '../ui/PullToRefresh'

const PAGE_SIZE = 20

/** /feedlist (spec §2): the user's own feedback, newest first, with its state; pull to refresh, "load more". */
export const Route = createFileRoute('/feedlist')({
  beforeLoad: ({ location }) => requireSession(location.href),
  loader: ({ context }) => context.api.feedbackList({ page: 1, limit: PAGE_SIZE }, { silent: true }).catch(() => null),
  component: FeedlistPage,
})

function FeedlistPage() {
  const first = Route.useLoaderData()
  const { api } = Route.useRouteContext()
  const router = useRouter()
  const { t } = useLingui()
  // Pages after the first, appended by "Load more", kept with the first page they follow: a refresh (new first page)
  // starts over.
  const [loaded, setLoaded] = useState<{ after: typeof first; list: FeedbackItem[]; page: number }>({
    after: first,
    list: [],
    page: 1,
  })
  const more = loaded.after === first ? loaded : { list: [], page: 1 }
  const [loadingMore, setLoadingMore] = useState(false)
  const items = first ? [...first.list, ...more.list.filter((m) => !first.list.some((f) => f.id === m.id))] : []
  const loadMore = async () => {
    setLoadingMore(true)
    try {
      const next = await api.feedbackList({ page: more.page + 1, limit: PAGE_SIZE })
      setLoaded({ after: first, list: [...more.list, ...next.list], page: more.page + 1 })
    } catch {
      // The request layer has shown the error.
    } finally {
      setLoadingMore(false)
    }
  }
  const newButton = (
    <Link to="/feedback" className="icon-btn" aria-label={t({ id: 'support.newFeedback', message: 'New feedback' })}>
      <Icon name="plus" size={22} />
    </Link>
  )
  return (
    <div className="page sp-page">
      <PageHeader title={t({ id: 'page.feedlist', message: 'My feedback' })} right={newButton} />
      <PullToRefresh onRefresh={() => router.invalidate()}>
        {first === null ? (
          <LoadProblem onRetry={() => void router.invalidate()}>
            <Trans id="support.feedlist.loadFailed">Your feedback could not be loaded. Check your connection.</Trans>
          </LoadProblem>
        ) : items.length === 0 ? (
          <div className="empty-state">
            <Icon name="list" size={40} />
            <p>
              <Trans id="support.feedlist.empty">
                You have not sent any feedback yet. Questions and suggestions are welcome.
              </Trans>
            </p>
            <Link to="/feedback" className="btn btn--primary">
              <Trans id="support.newFeedback">New feedback</Trans>
            </Link>
          </div>
        ) : (
          <>
            <ul className="fb-list">
              {items.map((f) => (
                <FeedbackRow key={f.id} item={f} />
              ))}
            </ul>
            {items.length < first.total && (
              <div className="sp-more">
                <button type="button" className="btn btn--ghost" disabled={loadingMore} onClick={() => void loadMore()}>
                  {loadingMore ? (
                    <Trans id="ptr.loading">Loading…</Trans>
                  ) : (
                    <Trans id="support.loadMore">Load more</Trans>
                  )}
                </button>
              </div>
            )}
          </>
        )}
      </PullToRefresh>
      {first !== null && items.length > 0 && (
        <div className="sp-footer">
          <Link to="/feedback" className="btn btn--primary btn--block">
            <Trans id="support.newFeedback">New feedback</Trans>
          </Link>
        </div>
      )}
    </div>
  )
}

/** One feedback in the list: title (as text), type, date and state. */
function FeedbackRow({ item }: { item: FeedbackItem }) {
  const { i18n } = useI18n()
  return (
    <li>
      <Link to="/feedback-details" search={{ id: item.id }} className="fb-row">
        <span className="fb-row__top">
          <span className="fb-row__title">{item.title}</span>
          <FeedbackStatusTag status={item.status} />
        </span>
        <span className="fb-row__meta">
          <span>{i18n._(FEEDBACK_TYPE_LABELS[item.type])}</span>
          <time>{formatUtcDateTime(item.created_at)}</time>
        </span>
      </Link>
    </li>
  )
}
