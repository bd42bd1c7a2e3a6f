import { useLingui } from '@lingui/react/macro'
import { useSnapshot } from 'valtio'
import { systemStore } from '../../state/system'
import { tokenStore } from '../../state/token'
import { userStore } from '../../state/user'
import './live-paused.css'

/**
 * Said before an order is filled in, on the order forms of the real account (spot, futures, second contracts), when
 * the server refuses live-book orders because its prices are not live (`common/config` `live_trading: false`: the
 * simulator or a replay without LIVE_TRADING_ON_TEST_FEED; issue 21 part 7). Nothing in the demo book, which trades
 * on any feed, nor signed out.
 */
export function LivePausedNote() {
  const { config } = useSnapshot(systemStore)
  const { value: token } = useSnapshot(tokenStore)
  const { info } = useSnapshot(userStore)
  const { t } = useLingui()
  if (!config || config.live_trading || token === null || info?.book === 'demo') return null
  return (
    <p className="live-paused" role="note" data-testid="live-paused">
      {t({
        id: 'trade.livePausedNote',
        message: 'Prices are not live, so orders of the real account are refused. The simulation account trades.',
      })}
    </p>
  )
}
