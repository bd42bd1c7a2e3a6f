import { useLingui } from '@lingui/react/macro'
import { useNow, useRelativeFormat } from '../markets'
import { Icon } from '../../ui/Icon'
import { useOnline } from './use-online'
import './kept.css'

/**
 * The line over data kept on the device: how old it is ("Offline — updated 5 minutes ago", or "Could not refresh —
 * …" while the device says it is online), so kept balances, orders or positions are never taken for current ones.
 * Appears once the relative-time formatter is in (loaded on first need).
 * @param savedAt when the kept data was fetched, epoch ms
 * @param className the screen's class for the line (default `kept-age`)
 */
export function KeptAge({ savedAt, className = 'kept-age' }: { savedAt: number; className?: string }) {
  const { t } = useLingui()
  const now = useNow()
  const relative = useRelativeFormat(true)
  const online = useOnline()
  if (!relative) return null
  const age = relative(Math.min(savedAt, now), now)
  return (
    <p className={className} role="status">
      <Icon name="offline" size={14} />
      <span>
        {online
          ? t({ id: 'assets.staleAge', message: `Could not refresh — updated ${age}` })
          : t({ id: 'assets.offlineAge', message: `Offline — updated ${age}` })}
      </span>
    </p>
  )
}
