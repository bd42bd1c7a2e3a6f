import { useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import {
  AssetsLoginPrompt,
  concernsOverview,
  loadOverview,
  OverviewCard,
  overviewOwner,
  Shortcuts,
  WalletCard,
} from '../../features/assets'
import { SourceBadge } from '../../features/markets'
import { ThemeSwitch } from '../../features/settings'
import { useStreamReload } from '../../features/user-stream'
import { isLoggedIn } from '../../state/session'
import { sessionKey } from '../../state/session-key'
import { currentBook } from '../../state/user'
import { PullToRefresh } from '../../ui/PullToRefresh'
import '../../styles/assets.css'

/**
 * Assets (spec §2): total assets in USDT with today's income, shortcuts to deposit, withdraw, transfer and the
 * records, and the coin, contract and options wallets with their detail. Pull to refresh; while the user stream is
 * live, read again (debounced) when a balance of the book changes (`accounts.update`), never on a timer. Offline or
 * with the server down, the overview kept last time shows with its age; signed out, a prompt to log in.
 */
export const Route = createFileRoute('/_tabs/assets')({
  // Per session and book: one user's (or the live book's) balances are never served for another.
  loaderDeps: () => ({ session: sessionKey(), book: currentBook() }),
  loader: ({ context }) => loadOverview(context.api, overviewOwner(), isLoggedIn()),
  gcTime: 0,
  component: AssetsPage,
})

function AssetsPage() {
  const data = Route.useLoaderData()
  const router = useRouter()
  const { t } = useLingui()
  useStreamReload(() => void router.invalidate({ filter: (m) => m.routeId === Route.id }), concernsOverview)
  const overview = data.kind === 'overview' ? data.overview : null
  return (
    <div className="page page--tab as-page">
      <header className="tab-header">
        <h1 className="tab-header__title">{t({ id: 'nav.assets', message: 'Assets' })}</h1>
        {overview && <SourceBadge source={overview.price_source} />}
        <span className="tab-header__spacer" />
        <ThemeSwitch />
      </header>
      <PullToRefresh onRefresh={() => router.invalidate()}>
        {data.kind === 'signed-out' ? (
          <AssetsLoginPrompt />
        ) : data.kind === 'failed' ? (
          <div className="load-failed" role="alert">
            <p>{t({ id: 'assets.loadFailed', message: 'Your assets could not be loaded. Check your connection.' })}</p>
            <button type="button" className="btn btn--ghost" onClick={() => void router.invalidate()}>
              {t({ id: 'common.retry', message: 'Retry' })}
            </button>
          </div>
        ) : (
          <div className="as-body">
            <OverviewCard overview={data.overview} savedAt={data.savedAt} />
            <Shortcuts />
            {data.overview.wallets.map((w) => (
              <WalletCard key={w.wallet} wallet={w} />
            ))}
          </div>
        )}
      </PullToRefresh>
    </div>
  )
}
