import { useLingui } from '@lingui/react/macro'
import type { TickerSnapshot } from '../../../common/engine-api'
import { useEngineStatus } from '../../engine'
import { Icon } from '../../ui/Icon'
import { newestReceivedAt } from './market-model'
import { useNow } from './use-now'
import { useRelativeFormat } from './use-relative-format'
import { useSettled } from './use-settled'

/**
 * How long a screen gives the market socket's first connection before the line speaks up, ms. That connection
 * usually opens within a second; a line that says "Connecting…" or "Reconnecting — prices from …" meanwhile and then
 * vanishes flashes on every start (and, inline, pushed the list down and back up: layout shifts, issue 9). Meanwhile
 * the screens say prices are coming (dashes, "Waiting for prices…") or show the last prices kept on this device,
 * which are then replaced by live ones within the second. Offline, or once an attempt has failed and the socket is
 * retrying, the line shows at once; and once the grace is over, any drop shows at once.
 */
export const FIRST_CONNECT_GRACE_MS = 2500

/**
 * Connection and staleness line for a market list: hidden while the market socket is connected; otherwise says
 * whether the device is offline or the app is reconnecting, and how old the prices on screen are (from the tickers'
 * `receivedAt`, relative time in the current locale), after {@link FIRST_CONNECT_GRACE_MS}. The line waits for the
 * relative-time formatter, which is loaded only when the line is due (use-relative-format.ts).
 */
export function FeedStatus({
  tickers,
  overlay = false,
}: {
  tickers: ReadonlyMap<string, TickerSnapshot>
  /**
   * Float the line above the tab bar instead of inserting it over the list (Home, Markets): a line that comes and
   * goes as the socket drops and reconnects, or as a returning user's cached prices turn live, would push the whole
   * list down and back up each time (layout shifts, issue 9).
   */
  overlay?: boolean
}) {
  return <FeedAge newest={newestReceivedAt(tickers.values())} floating={overlay} />
}

/**
 * The same line for any market data on screen (the K-line page: ticker and candles).
 * @param newest when the newest data shown reached the worker (epoch ms, `receivedAt`), or null when none is shown
 * @param floating shown as a pill above the tab bar (FeedStatus `overlay`) instead of a line in the flow
 */
export function FeedAge({ newest, floating = false }: { newest: number | null; floating?: boolean }) {
  const status = useEngineStatus()
  const now = useNow()
  const { t } = useLingui()
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false
  const waited = useSettled(true, false, FIRST_CONNECT_GRACE_MS) // from mount
  const due = status !== undefined && !status.connected && (offline || waited || status.reconnects > 0)
  const relative = useRelativeFormat(due && newest !== null)
  if (!due) return null
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
    <div className={floating ? 'feed-status feed-status--floating' : 'feed-status'} role="status">
      <Icon name="offline" size={16} />
      <span>{text}</span>
    </div>
  )
}
