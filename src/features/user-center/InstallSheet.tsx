import { Trans, useLingui } from '@lingui/react/macro'
import { Icon } from '../../ui/Icon'
import { Sheet } from '../../ui/Sheet'

/**
 * Add-to-home-screen steps where the browser offers no install dialog: iOS (Share → Add to Home Screen → Add) or
 * another browser (its menu → Install app / Add to Home screen).
 */
export function InstallSheet({ kind, onClose }: { kind: 'ios' | 'manual' | null; onClose: () => void }) {
  const { t } = useLingui()
  return (
    <Sheet
      open={kind !== null}
      title={t({ id: 'userCenter.installTitle', message: 'Install the app' })}
      onClose={onClose}
    >
      <div className="uc-sheet">
        <p className="uc-sheet__lead">
          <Trans id="userCenter.installLead">
            Add the app to your home screen: it opens full screen and works offline.
          </Trans>
        </p>
        {kind === 'ios' ? (
          <ol className="uc-steps">
            <li>
              <Icon name="share" size={20} />
              <span>
                <Trans id="userCenter.iosStep1">Tap the Share button in the browser's toolbar.</Trans>
              </span>
            </li>
            <li>
              <Icon name="plusSquare" size={20} />
              <span>
                <Trans id="userCenter.iosStep2">Scroll down and choose "Add to Home Screen".</Trans>
              </span>
            </li>
            <li>
              <Icon name="check" size={20} />
              <span>
                <Trans id="userCenter.iosStep3">Tap "Add" in the top corner.</Trans>
              </span>
            </li>
          </ol>
        ) : (
          <ol className="uc-steps">
            <li>
              <Icon name="list" size={20} />
              <span>
                <Trans id="userCenter.manualStep1">Open the browser's menu.</Trans>
              </span>
            </li>
            <li>
              <Icon name="plusSquare" size={20} />
              <span>
                <Trans id="userCenter.manualStep2">Choose "Install app" or "Add to Home screen".</Trans>
              </span>
            </li>
          </ol>
        )}
        <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
          <Trans id="userCenter.gotIt">Got it</Trans>
        </button>
      </div>
    </Sheet>
  )
}
