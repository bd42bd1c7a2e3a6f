import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { sessionKey } from '../features/identity'
import { requireSession } from '../features/security'
import { CopyRow, QrCode, SavePoster, SubordinateStats } from '../features/share'
import { systemStore } from '../state/system'
import { PageHeader } from '../ui/PageHeader'
import { PullToRefresh } from '../ui/PullToRefresh'

/** /share-code (spec §2 Share): invitation code and link to copy, their QR code, the poster to save, subordinates. */
export const Route = createFileRoute('/share-code')({
  beforeLoad: ({ location }) => requireSession(location.href),
  // Per session, and dropped as soon as the page is left: nothing of one user stays for the next (F4).
  loaderDeps: () => ({ session: sessionKey() }),
  gcTime: 0,
  loader: ({ context }) => context.api.share({ silent: true }).catch(() => null),
  component: ShareCodePage,
})

function ShareCodePage() {
  const share = Route.useLoaderData()
  const router = useRouter()
  const { t, i18n } = useLingui()
  const { config } = useSnapshot(systemStore)
  const siteName = config?.site_name ?? 'TC Market'
  return (
    <div className="page share-page">
      <PageHeader title={t({ id: 'page.shareCode', message: 'Invite friends' })} />
      <PullToRefresh onRefresh={() => router.invalidate()}>
        {share ? (
          <div className="share-body">
            <section className="share-hero">
              <h2 className="share-hero__title">
                <Trans id="share.title">Invite friends to {siteName}</Trans>
              </h2>
              <p className="share-hero__text">
                <Trans id="share.text">
                  Friends who sign up with your code or link become your direct subordinates.
                </Trans>
              </p>
              <SubordinateStats direct={share.direct_count} total={share.total_count} locale={i18n.locale} />
            </section>
            <section className="share-card">
              <QrCode
                text={share.invite_link}
                size={184}
                label={t({ id: 'share.qrAlt', message: 'QR code of your invitation link' })}
              />
              <p className="share-card__scan">
                <Trans id="share.scan">Scan to sign up</Trans>
              </p>
              <CopyRow label={t({ id: 'share.code', message: 'Invitation code' })} value={share.invite_code} big />
              <CopyRow label={t({ id: 'share.link', message: 'Invitation link' })} value={share.invite_link} />
            </section>
            <SavePoster
              content={{
                siteName,
                headline: t({ id: 'share.posterHeadline', message: 'Trade digital assets with me' }),
                codeLabel: t({ id: 'share.code', message: 'Invitation code' }),
                code: share.invite_code,
                scanHint: t({ id: 'share.scan', message: 'Scan to sign up' }),
                link: share.invite_link,
              }}
            />
          </div>
        ) : (
          <div className="load-failed" role="alert">
            <p>
              <Trans id="share.loadFailed">Your invitation details could not be loaded. Check your connection.</Trans>
            </p>
            <button type="button" className="btn btn--ghost" onClick={() => void router.invalidate()}>
              <Trans id="common.retry">Retry</Trans>
            </button>
          </div>
        )}
      </PullToRefresh>
    </div>
  )
}
