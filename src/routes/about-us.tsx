import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import type { About } from '../../common/api/support'
import { isApiError } from '../api/errors'
import { FallbackNote, LoadProblem, SupportLinks } from '../features/support'
import { Markdown } from '../ui/Markdown'
import { PageHeader } from '../ui/PageHeader'

type Loaded = { about: About } | { missing: true } | { failed: true }

/** /about-us (spec §2 "About: contact, feedback list…"): contact, feedback and help, then the operator's about page. */
export const Route = createFileRoute('/about-us')({
  loader: async ({ context }): Promise<Loaded> => {
    try {
      return { about: await context.api.about({ silent: true }) }
    } catch (err) {
      return isApiError(err) && err.kind === 'envelope' ? { missing: true } : { failed: true }
    }
  },
  component: AboutUsPage,
})

function AboutUsPage() {
  const loaded = Route.useLoaderData()
  const router = useRouter()
  const { t } = useLingui()
  return (
    <div className="page sp-page">
      <PageHeader title={t({ id: 'page.aboutUs', message: 'About us' })} />
      <SupportLinks
        label={t({ id: 'support.about.links', message: 'Contact and help' })}
        items={[
          { to: '/contact', icon: 'service', label: t({ id: 'support.contactUs', message: 'Contact us' }) },
          {
            to: '/feedlist',
            icon: 'list',
            label: t({ id: 'page.feedlist', message: 'My feedback' }),
            needsLogin: true,
          },
          { to: '/help-center', icon: 'help', label: t({ id: 'page.helpCenter', message: 'Help center' }) },
        ]}
      />
      {'about' in loaded ? (
        <article className="sp-card sp-article" lang={loaded.about.locale}>
          <FallbackNote textLocale={loaded.about.locale} />
          <h2 className="sp-article__title">{loaded.about.title}</h2>
          <Markdown source={loaded.about.content} />
        </article>
      ) : 'failed' in loaded ? (
        <LoadProblem onRetry={() => void router.invalidate()}>
          <Trans id="support.about.loadFailed">This page could not be loaded. Check your connection.</Trans>
        </LoadProblem>
      ) : null}
    </div>
  )
}
