import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, useRouter } from '@tanstack/react-router'
import { LoadProblem, SupportLinks } from '../features/support'
import { Icon } from '../ui/Icon'
import { PageHeader } from '../ui/PageHeader'
import { PullToRefresh } from '../ui/PullToRefresh'

/** /help-center (spec §2): the help articles in the current language (else English), and a way to ask us. */
export const Route = createFileRoute('/help-center')({
  loader: ({ context }) => context.api.helpList({ silent: true }).catch(() => null),
  component: HelpCenterPage,
})

function HelpCenterPage() {
  const articles = Route.useLoaderData()
  const router = useRouter()
  const { t } = useLingui()
  return (
    <div className="page sp-page">
      <PageHeader title={t({ id: 'page.helpCenter', message: 'Help center' })} />
      <PullToRefresh onRefresh={() => router.invalidate()}>
        {articles === null ? (
          <LoadProblem onRetry={() => void router.invalidate()}>
            <Trans id="support.help.loadFailed">Help articles could not be loaded. Check your connection.</Trans>
          </LoadProblem>
        ) : articles.length === 0 ? (
          <p className="empty-state">
            <Trans id="support.help.empty">No help articles yet.</Trans>
          </p>
        ) : (
          <ul className="sp-card help-list">
            {articles.map((a) => (
              <li key={a.id}>
                <Link to="/help-details" search={{ id: a.id }} className="help-list__item" lang={a.locale}>
                  <Icon name="help" size={18} className="help-list__icon" />
                  <span className="help-list__title">{a.title}</span>
                  <Icon name="chevronRight" size={16} className="help-list__chevron" />
                </Link>
              </li>
            ))}
          </ul>
        )}
        <h2 className="sp-section">
          <Trans id="support.help.noAnswer">Did not find your answer?</Trans>
        </h2>
        <SupportLinks
          items={[
            { to: '/contact', icon: 'service', label: t({ id: 'support.contactUs', message: 'Contact us' }) },
            {
              to: '/feedback',
              icon: 'plusSquare',
              label: t({ id: 'support.newFeedback', message: 'New feedback' }),
              needsLogin: true,
            },
          ]}
        />
      </PullToRefresh>
    </div>
  )
}
