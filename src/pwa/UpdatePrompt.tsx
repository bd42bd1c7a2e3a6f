import { Trans } from '@lingui/react/macro'
import { useSnapshot } from 'valtio'
import { applyUpdate, dismissUpdate, pwaStore } from './register'

/** "A new version is available — Reload" bar, shown while a new service worker waits. */
export function UpdatePrompt() {
  const { needRefresh } = useSnapshot(pwaStore)
  if (!needRefresh) return null
  return (
    <div className="update-prompt" role="alert">
      <span className="update-prompt__text">
        <Trans id="pwa.updateAvailable">A new version is available</Trans>
      </span>
      <button type="button" className="update-prompt__later" onClick={dismissUpdate}>
        <Trans id="pwa.later">Later</Trans>
      </button>
      <button type="button" className="update-prompt__reload" onClick={applyUpdate}>
        <Trans id="pwa.reload">Reload</Trans>
      </button>
    </div>
  )
}
