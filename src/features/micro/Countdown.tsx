import { useLingui } from '@lingui/react/macro'
import type { MicroOrder } from '../../../common/api/micro'
import { useNow } from '../markets'
import { secondsLeft } from './countdown'
import './micro-contracts.css'

/** Clock refresh for a countdown, ms: a quarter second, so the shown second is never more than that late. */
const TICK_MS = 250

/**
 * Seconds left until an open contract's delivery ("23 s"), ticking; "Settling…" once delivery has passed and the
 * result has not arrived yet. Announced politely to screen readers only when it changes state, not every second.
 */
export function Countdown({ order }: { order: Pick<MicroOrder, 'delivery_at'> }) {
  const now = useNow(TICK_MS)
  const { t } = useLingui()
  const left = secondsLeft(order, now)
  return (
    <span className="mc-countdown" data-testid="micro-countdown" data-seconds={left}>
      {left > 0
        ? t({ id: 'micro.secondsLeft', message: `${left} s` })
        : t({ id: 'micro.settling', message: 'Settling…' })}
    </span>
  )
}
