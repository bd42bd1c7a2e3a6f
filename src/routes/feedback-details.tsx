import { Trans, useLingui } from '@lingui/react/macro'
import { useLingui as useI18n } from '@lingui/react'
import { createFileRoute, Link, useRouter } from '@tanstack/react-router'
import * as z from 'zod/mini'
import type { FeedbackDetail } from '../../common/api/support'
import { isApiError } from '../api/errors'
import { requireSession } from '../features/security'
import { FEEDBACK_TYPE_LABELS, FeedbackStatusTag, LoadProblem } from '../features/support'
import { formatUtcDateTime } from '../lib/dates'
import { Icon } from '../ui/Icon'
import { PageHeader } from '../ui/PageHeader'

const searchSchema = z.object({
  id: z.catch(z.optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(1)))), undefined),
})

type Loaded = { feedback: FeedbackDetail } | { missing: true } | { failed: true }

/** /feedback-details (spec §2): one of the user's feedback, its text, and the operator's reply with its time. */
export const Route = createFileRoute('/feedback-details')({
  validateSearch: searchSchema,
  beforeLoad: ({ location }) => requireSession(location.href),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context, deps }): Promise<Loaded> => {
    if (deps.id === undefined) return { missing: true }
    try {
      return { feedback: await context.api.feedbackDetail(deps.id, { silent: true }) }
    } catch (err) {
      return isApiError(err) && err.kind === 'envelope' ? { missing: true } : { failed: true }
    }
  },
  component: FeedbackDetailsPage,
})

function FeedbackDetailsPage() {
  const loaded = Route.useLoaderData()
  const router = useRouter()
  const { t } = useLingui()
  return (
    <div className="page sp-page">
      <PageHeader title={t({ id: 'page.feedbackDetails', message: 'Feedback details' })} />
      {'feedback' in loaded ? (
        <FeedbackThread feedback={loaded.feedback} />
      ) : 'failed' in loaded ? (
        <LoadProblem onRetry={() => void router.invalidate()}>
          <Trans id="support.details.loadFailed">This feedback could not be loaded. Check your connection.</Trans>
        </LoadProblem>
      ) : (
        <div className="empty-state">
          <p>
            <Trans id="support.details.notFound">This feedback does not exist, or it is not yours.</Trans>
          </p>
          <Link to="/feedlist" className="btn btn--ghost">
            <Trans id="page.feedlist">My feedback</Trans>
          </Link>
        </div>
      )}
    </div>
  )
}

/** The user's message and, below it, the reply (or that one is awaited). Every text is a React text node. */
function FeedbackThread({ feedback: f }: { feedback: FeedbackDetail }) {
  const { i18n } = useI18n()
  return (
    <>
      <article className="sp-card fb-msg">
        <div className="fb-msg__head">
          <span className="fb-msg__type">{i18n._(FEEDBACK_TYPE_LABELS[f.type])}</span>
          <FeedbackStatusTag status={f.status} />
        </div>
        <h2 className="fb-msg__title">{f.title}</h2>
        <time className="fb-msg__time">{formatUtcDateTime(f.created_at)}</time>
        <p className="fb-msg__text">{f.content}</p>
      </article>
      {f.reply !== null ? (
        <section className="sp-card fb-reply">
          <h3 className="fb-reply__head">
            <Icon name="service" size={18} />
            <Trans id="support.details.reply">Reply from support</Trans>
          </h3>
          {f.replied_at && <time className="fb-msg__time">{formatUtcDateTime(f.replied_at)}</time>}
          <p className="fb-msg__text">{f.reply}</p>
        </section>
      ) : (
        <p className="sp-card fb-waiting">
          <Icon name="info" size={18} />
          <span>
            <Trans id="support.details.waiting">We have received your feedback. Our reply will appear here.</Trans>
          </span>
        </p>
      )}
    </>
  )
}
