import { Trans } from '@lingui/react/macro'
import { Icon } from '../../ui/Icon'
import './kept.css'

/** Under an order form while the device is offline: why its button does nothing now. */
export function OfflinePlacing() {
  return (
    <p className="offline-placing" role="status">
      <Icon name="offline" size={14} />
      <span>
        <Trans id="trade.offlinePlacing">You are offline. Orders can be placed once the connection is back.</Trans>
      </span>
    </p>
  )
}
