import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { MicroProduct } from '../../../common/api/micro'
import { formatRate } from './format'
import './micro-form.css'

/**
 * The durations of a pair as a radio group of chips, each with the payout rate a win earns at that duration: "60s /
 * 85%". Wraps onto a second line rather than scrolling, so every duration is in view at 360 px.
 */
export function DurationChips({
  products,
  value,
  onChange,
}: {
  products: readonly MicroProduct[]
  /** Picked duration, seconds. */
  value: number
  onChange: (seconds: number) => void
}) {
  const { t, i18n } = useLingui()
  const labelId = useId()
  return (
    <div className="mc-durations">
      <span className="mc-label" id={labelId}>
        {t({ id: 'micro.duration', message: 'Duration' })}
      </span>
      <div className="mc-durations__row" role="radiogroup" aria-labelledby={labelId}>
        {products.map((p) => {
          const on = p.duration_s === value
          const seconds = p.duration_s
          return (
            <button
              key={p.duration_s}
              type="button"
              role="radio"
              aria-checked={on}
              className={on ? 'mc-duration mc-duration--on' : 'mc-duration'}
              onClick={() => onChange(p.duration_s)}
            >
              <span className="mc-duration__time">{t({ id: 'micro.seconds', message: `${seconds}s` })}</span>
              <span className="mc-duration__rate">{formatRate(p.payout_rate, i18n.locale)}</span>
            </button>
          )
        })}
      </div>
    </div>
  )
}
