import { useLingui } from '@lingui/react/macro'
import { useNow, useRelativeFormat } from '../markets'
import { Icon } from '../../ui/Icon'

/**
 * The line under a kept overview: how old it is ("Offline — updated 5 minutes ago"), so balances from the device are
 * never taken for current ones. Appears once the relative-time formatter is in (loaded on first need).
 * @param savedAt when the kept overview was fetched, epoch ms
 */
export function OverviewAge({ savedAt }: { savedAt: number }) {
  const { t } = useLingui()
  const now = useNow()
  const relative = useRelativeFormat(true)
  if (!relative) return null
  const age = relative(Math.min(savedAt, now), now)
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false
  return (
    <p className="as-age" role="status">
      <Icon name="offline" size={14} />
      <span>
        {offline
          ? t({ id: 'assets.offlineAge', message: `Offline — updated ${age}` })
          : t({ id: 'assets.staleAge', message: `Could not refresh — updated ${age}` })}
      </span>
    </p>
  )
}
