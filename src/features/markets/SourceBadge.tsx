import { useLingui } from '@lingui/react/macro'
import { useSnapshot } from 'valtio'
import { systemStore } from '../../state/system'

/**
 * "Prices not live" badge (DESIGN §2: never present synthetic prices as real): shown whenever the config says the
 * market source is not live — "Simulated" for the sim source, "Replay" for recorded data. Nothing for a live source
 * or before the first config.
 */
export function SourceBadge({ className }: { className?: string }) {
  const { config } = useSnapshot(systemStore)
  const { t } = useLingui()
  if (!config || config.market_live) return null
  const replay = config.market_source === 'replay'
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
