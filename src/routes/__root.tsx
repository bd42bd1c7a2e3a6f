import type { I18n } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import type { Api } from '../api'
import type { EngineClient } from '../engine'
import { FavouritesSync } from './-components/FavouritesSync'
import { UserStreamBridge } from '../features/user-stream'
import { isMaintenance, systemStore } from '../state/system'
import { MaintenanceScreen } from '../ui/MaintenanceScreen'
import { PageHeader } from '../ui/PageHeader'
import { RouteOverlay } from '../ui/RouteOverlay'
import { DemoStrip } from './-components/DemoStrip'

/** Services every route reaches through the router context (never by importing main.tsx). */
export interface RouterContext {
  api: Api
  /** The market engine (the worker's client in the app, a fake in UI tests). */
  engine: EngineClient
  i18n: I18n
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFound,
})

/**
 * Every screen (under the demo strip while in the demo book), or the maintenance screen while config.web_maintain ≠ 1
 * (spec §2); the user stream's bridge and the favourites' sync beside them (both while signed in).
 */
function Root() {
  const { config } = useSnapshot(systemStore)
  if (config && isMaintenance(config)) return <MaintenanceScreen customerUrl={config.customer_url} />
  return (
    <>
      <UserStreamBridge />
      <FavouritesSync />
      <DemoStrip />
      <Outlet />
      <RouteOverlay />
    </>
  )
}

function NotFound() {
  const { t } = useLingui()
  return (
    <div className="page">
      <PageHeader title={t({ id: 'page.notFound', message: 'Page not found' })} />
      <div className="empty-state">
        <p>
          <Trans id="notFound.text">This page does not exist.</Trans>
        </p>
        <Link to="/home" className="btn btn--primary">
          <Trans id="notFound.home">Back to Home</Trans>
        </Link>
      </div>
    </div>
  )
}
