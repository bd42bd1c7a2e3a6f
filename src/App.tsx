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

/** The app: routes once start-up is done, the start-up loader on top until then, and the global layers. */
export function App({ router, ready }: { router: AppRouter; ready: Promise<void> }) {
  const [isReady, setReady] = useState(false)
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
