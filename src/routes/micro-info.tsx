import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Suspense } from 'react'
import * as z from 'zod/mini'
import { loadMarkets } from '../features/markets'
import { MicroInfoScreenLazy } from '../features/micro'
import { requireSession } from '../features/security'
import { PageHeader } from '../ui/PageHeader'
import { Spinner } from '../ui/Spinner'

/**
 * `?tab=` open or settled (default open; anything else falls back to it) and `?id=` the order whose detail is open
 * (a positive integer; anything else: none).
 */
const searchSchema = z.object({
  tab: z.catch(z._default(z.enum(['open', 'settled']), 'open'), 'open'),
  id: z.catch(z.optional(z.pipe(z.coerce.number(), z.int().check(z.positive()))), undefined),
})

/** /micro-info: second-contract order history, open and settled, page by page, and each order's detail (spec §2). */
export const Route = createFileRoute('/micro-info')({
  validateSearch: searchSchema,
  beforeLoad: ({ location }) => requireSession(location.href),
  loader: ({ context }) => loadMarkets(context.api),
  staleTime: 60_000,
  component: MicroInfoPage,
})

function MicroInfoPage() {
  const { items } = Route.useLoaderData()
  const { tab, id } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { t } = useLingui()
  return (
    <div className="page">
      <PageHeader title={t({ id: 'page.microInfo', message: 'Options orders' })} />
      <Suspense
        fallback={
          <div className="empty-state">
            <Spinner size={24} />
          </div>
        }
      >
        <MicroInfoScreenLazy
          markets={items}
          tab={tab}
          id={id ?? null}
          onTab={(next) => void navigate({ search: { tab: next }, replace: true })}
          onOpen={(next) => void navigate({ search: { tab, ...(next === null ? {} : { id: next }) } })}
        />
      </Suspense>
    </div>
  )
}
