import { useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { Suspense } from 'react'
import { LeverScreenLazy } from '../../features/lever'
import { LoadFailed, loadMarkets, SourceBadge } from '../../features/markets'
import { ThemeSwitch } from '../../features/settings'
import { Spinner } from '../../ui/Spinner'

/**
 * Futures (lever) tab (spec §2 Lever, issue 12): the pair of dealSymbol.lever with its latest and mark prices, the
 * order form (long or short, leverage, market or limit, TP/SL), and the user's positions, entrusts and history. The
 * markets are public; the account and positions are read once signed in.
 */
export const Route = createFileRoute('/_tabs/lever')({
  loader: ({ context }) => loadMarkets(context.api),
  staleTime: 60_000,
  component: LeverPage,
})

function LeverPage() {
  const { items, failed } = Route.useLoaderData()
  const router = useRouter()
  const { t } = useLingui()
  return (
    <div className="page page--tab">
      <header className="tab-header">
        <h1 className="tab-header__title">{t({ id: 'nav.lever', message: 'Futures' })}</h1>
        <SourceBadge />
        <span className="tab-header__spacer" />
        <ThemeSwitch />
      </header>
      {failed ? (
        <LoadFailed onRetry={() => void router.invalidate()} />
      ) : (
        <Suspense
          fallback={
            <div className="empty-state">
              <Spinner size={24} />
            </div>
          }
        >
          <LeverScreenLazy markets={items} />
        </Suspense>
      )}
    </div>
  )
}
