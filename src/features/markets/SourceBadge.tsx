import { useLingui } from '@lingui/react/macro'
import { useSnapshot } from 'valtio'
import type { MarketSourceKind } from '../../../common/api/public'
import { systemStore } from '../../state/system'

/** Where prices on screen came from, as an answer names it (assets/overview `price_source`). */
export type PriceSource = MarketSourceKind

/**
 * "Prices not live" badge (DESIGN §2: never present synthetic prices as real): shown whenever the config says the
 * market source is not live — "Simulated" for the sim source, "Replay" for recorded data. Nothing for a live source
 * or before the first config. With `source`, that answer's own source decides instead of the config (a valuation
 * kept from an earlier session may come from another source than today's feed).
 */
export function SourceBadge({ className, source }: { className?: string; source?: PriceSource }) {
  const { config } = useSnapshot(systemStore)
  const { t } = useLingui()
  const live = source === undefined ? !config || config.market_live : source === 'htx'
  if (live) return null
  const replay = (source ?? config?.market_source) === 'replay'
  const label = replay
    ? t({ id: 'market.sourceReplay', message: 'Replay' })
    : t({ id: 'market.sourceSimulated', message: 'Simulated' })
  const title = replay
    ? t({ id: 'market.sourceReplayHint', message: 'Prices are replayed from recorded market data, not live.' })
    : t({ id: 'market.sourceSimulatedHint', message: 'Prices are simulated, not live.' })
  return (
    <span
      className={className ? `source-badge ${className}` : 'source-badge'}
      title={title}
      role="note"
      aria-label={title}
    >
      <span className="source-badge__dot" aria-hidden="true" />
      {label}
    </span>
  )
}
