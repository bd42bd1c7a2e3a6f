import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, useRouter } from '@tanstack/react-router'
import * as z from 'zod/mini'
import type { HelpDetail } from '../../common/api/support'
import { FallbackNote, LoadProblem, saysMissing, SupportLinks } from '../features/support'
import { Markdown } from '../ui/Markdown'
import { PageHeader } from '../ui/PageHeader'

const searchSchema = z.object({
  id: z.catch(z.optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(1)))), undefined),
})

type Loaded = { article: HelpDetail } | { missing: true } | { failed: true }

/** /help-details (spec §2): one help article, its Markdown rendered and sanitized. */
export const Route = createFileRoute('/help-details')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context, deps }): Promise<Loaded> => {
    if (deps.id === undefined) return { missing: true }
    try {
      return { article: await context.api.helpDetail(deps.id, { silent: true }) }
    } catch (err) {
      return saysMissing(err) ? { missing: true } : { failed: true }
    }
  },
  component: HelpDetailsPage,
})

function HelpDetailsPage() {
  const loaded = Route.useLoaderData()
  const router = useRouter()
  const { t } = useLingui()
  return (
    <div className="page sp-page">
      <PageHeader title={t({ id: 'page.helpDetails', message: 'Help article' })} />
      {'article' in loaded ? (
        <>
          <article className="sp-card sp-article" lang={loaded.article.locale}>
            <FallbackNote textLocale={loaded.article.locale} />
            <h2 className="sp-article__title">{loaded.article.title}</h2>
            <Markdown source={loaded.article.content} />
          </article>
          <h2 className="sp-section">
            <Trans id="support.help.stillNeedHelp">Still need help?</Trans>
          </h2>
          <SupportLinks
            items={[{ to: '/contact', icon: 'service', label: t({ id: 'support.contactUs', message: 'Contact us' }) }]}
          />
        </>
      ) : 'failed' in loaded ? (
        <LoadProblem onRetry={() => void router.invalidate()}>
          <Trans id="support.help.articleFailed">This article could not be loaded. Check your connection.</Trans>
        </LoadProblem>
      ) : (
        <div className="empty-state">
          <p>
            <Trans id="support.help.notFound">This article does not exist any more.</Trans>
          </p>
          <Link to="/help-center" className="btn btn--ghost">
            <Trans id="page.helpCenter">Help center</Trans>
          </Link>
        </div>
      )}
    </div>
  )
}
