import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { RouterProvider } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { UpdatePrompt } from './pwa/UpdatePrompt'
import type { AppRouter } from './router'
import { systemStore } from './state/system'
import { Dialog } from './ui/Dialog'
import { StartupLoader } from './ui/StartupLoader'
import { Toaster } from './ui/Toaster'

/** Product name shown before the first config arrives (manifest short_name). */
const DEFAULT_SITE_NAME = 'TC Market'

/**
 * The app: routes once start-up is done, the start-up loader on top until then, and the global layers.
 * @param settled `ready` has already resolved (main.tsx mounts the app only then): the first screen renders at once
 *   and the loader is never painted, so the page's largest paint (LCP) is content, not the loader's tagline. Until
 *   then index.html's splash (inline logo and progress bar, no text or image to count as LCP) is what shows.
 */
export function App({
  router,
  ready,
  settled = false,
}: {
  router: AppRouter
  ready: Promise<void>
  settled?: boolean
}) {
  const [isReady, setReady] = useState(settled)
  const { config } = useSnapshot(systemStore)
  useEffect(() => {
    let live = true
    void ready.finally(() => live && setReady(true))
    return () => {
      live = false
    }
  }, [ready])
  return (
    <I18nProvider i18n={i18n}>
      {isReady && <RouterProvider router={router} />}
      <StartupLoader ready={isReady} name={config?.site_name ?? DEFAULT_SITE_NAME} />
      <Toaster />
      <Dialog />
      <UpdatePrompt />
    </I18nProvider>
  )
}
