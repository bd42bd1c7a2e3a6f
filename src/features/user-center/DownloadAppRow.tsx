import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useSnapshot } from 'valtio'
import { installPath, installStore, isIos, promptInstall } from '../../pwa/install'
import { showToast } from '../../ui/toast'
import { InstallSheet } from './InstallSheet'
import { MenuButton } from './MenuRow'

const ALREADY = msg({
  id: 'userCenter.installAlready',
  message: 'The app is installed. Open it from your home screen.',
})

/**
 * "Download app" (spec §2): the browser's install dialog when it offered one, the Add to Home Screen steps on iOS
 * or in other browsers, and "Installed" when the app already runs from the home screen.
 */
export function DownloadAppRow() {
  const { canPrompt, installed } = useSnapshot(installStore)
  const { t } = useLingui()
  const [steps, setSteps] = useState<'ios' | 'manual' | null>(null)
  const ios = typeof navigator !== 'undefined' && isIos(navigator.userAgent, navigator.maxTouchPoints)
  const path = installPath({ installed, canPrompt, ios })

  const open = () => {
    if (path === 'installed') return void showToast(ALREADY)
    if (path !== 'prompt') return setSteps(path)
    promptInstall().then(
      (outcome) =>
        outcome === 'accepted' &&
        showToast(
          msg({ id: 'userCenter.installDone', message: 'Installing… the app will appear on your home screen.' }),
          'success',
        ),
      () => setSteps(ios ? 'ios' : 'manual'),
    )
  }
  return (
    <>
      <MenuButton
        icon="download"
        label={t({ id: 'userCenter.download', message: 'Download app' })}
        value={path === 'installed' ? t({ id: 'userCenter.installed', message: 'Installed' }) : undefined}
        onClick={open}
      />
      <InstallSheet kind={steps} onClose={() => setSteps(null)} />
    </>
  )
}
