import { useLingui } from '@lingui/react/macro'
import type { TickerSnapshot } from '../../../common/engine-api'
import { useEngineStatus } from '../../engine'
import { Icon } from '../../ui/Icon'
import { newestReceivedAt } from './market-model'
import { useNow } from './use-now'
import { useRelativeFormat } from './use-relative-format'

/**
 * Connection and staleness line above a market list: hidden while the market socket is connected; otherwise says
 * whether the device is offline or the app is reconnecting, and how old the prices on screen are (from the tickers'
 * `receivedAt`, relative time in the current locale). The line waits for the relative-time formatter, which is loaded
 * only once the feed is down (use-relative-format.ts).
 */
export function FeedStatus({ tickers }: { tickers: ReadonlyMap<string, TickerSnapshot> }) {
  return <FeedAge newest={newestReceivedAt(tickers.values())} />
}

/**
 * The same line for any market data on screen (the K-line page: ticker and candles).
 * @param newest when the newest data shown reached the worker (epoch ms, `receivedAt`), or null when none is shown
 */
export function FeedAge({ newest }: { newest: number | null }) {
  const status = useEngineStatus()
  const now = useNow()
  const { t } = useLingui()
  const down = status !== undefined && !status.connected
  const relative = useRelativeFormat(down && newest !== null)
  if (!status || status.connected) return null
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false
  let text: string
  if (newest === null) {
    text = offline
      ? t({ id: 'feed.offlineNoData', message: 'Offline — no prices yet' })
      : t({ id: 'feed.connecting', message: 'Connecting to market data…' })
  } else {
    if (!relative) return null
    const age = relative(Math.min(newest, now), now)
    text = offline
      ? t({ id: 'feed.offlineAge', message: `Offline — prices from ${age}` })
      : t({ id: 'feed.reconnectingAge', message: `Reconnecting — prices from ${age}` })
  }
  return (
    <div className="feed-status" role="status">
      <Icon name="offline" size={16} />
      <span>{text}</span>
    </div>
  )
}
