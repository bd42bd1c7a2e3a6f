import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Sheet } from '../../ui/Sheet'
import { leverageFits } from './open-check'
import { leverageRangeText } from './open-problems'
import './lever-leverage.css'

/** Leverages offered as chips when the market's range holds them (exchanges' usual steps). */
const PRESETS = [2, 3, 5, 10, 20, 25, 50, 75, 100, 125, 150]
/** Chips shown at most (they fit one row at 360 px). */
const MAX_CHIPS = 6

/** The chips of a range: its ends and the presets between them, thinned evenly to MAX_CHIPS. */
export function leverageChips(min: number, max: number): number[] {
  const all = [...new Set([min, ...PRESETS.filter((p) => p > min && p < max), max])]
  if (all.length <= MAX_CHIPS) return all
  return Array.from({ length: MAX_CHIPS }, (_, i) => all[Math.round((i * (all.length - 1)) / (MAX_CHIPS - 1))]!)
}

/**
 * The leverage picker in a bottom sheet: a number with − and +, a slider and chips, all within the market's range
 * (operator-set per market); a number outside it is refused with the range, and Confirm waits for a good one.
 */
export function LeverageSheet({
  value,
  min,
  max,
  pair,
  onConfirm,
  onClose,
}: {
  /** The leverage in force, a whole number. */
  value: number
  min: number
  max: number
  /** "BTC/USDT", for the range message. */
  pair: string
  onConfirm: (leverage: number) => void
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const [text, setText] = useState(String(value))
  const n = /^\d{1,3}$/.test(text) ? Number(text) : NaN
  const ok = leverageFits(n, { min_leverage: min, max_leverage: max })
  const set = (v: number) => setText(String(Math.min(max, Math.max(min, v))))
  const label = t({ id: 'lever.leverage', message: 'Leverage' })
  return (
    <Sheet open title={label} onClose={onClose}>
      <div className="lv-lev" data-testid="lever-leverage-sheet">
        <p className="lv-lev__label">
          <Trans id="lever.leverageRangeHint">
            From {min}× to {max}×
          </Trans>
        </p>
        <div className="lv-lev__stepper">
          <button
            type="button"
            className="lv-lev__step"
            disabled={!ok || n <= min}
            aria-label={t({ id: 'lever.leverageDown', message: 'Lower leverage' })}
            onClick={() => set(n - 1)}
          >
            −
          </button>
          <span className={ok ? 'lv-lev__box' : 'lv-lev__box lv-lev__box--error'}>
            <input
              className="lv-lev__input"
              aria-label={label}
              inputMode="numeric"
              autoComplete="off"
              value={text}
              aria-invalid={ok ? undefined : true}
              onChange={(e) => setText(e.target.value.replace(/\D/g, '').slice(0, 3))}
            />
            <span className="lv-lev__x" aria-hidden="true">
              ×
            </span>
          </span>
          <button
            type="button"
            className="lv-lev__step"
            disabled={!ok || n >= max}
            aria-label={t({ id: 'lever.leverageUp', message: 'Raise leverage' })}
            onClick={() => set(n + 1)}
          >
            +
          </button>
        </div>
        {!ok && (
          <p className="field__error" role="alert">
            {i18n._(leverageRangeText(pair, min, max))}
          </p>
        )}
        <input
          type="range"
          className="lv-lev__slider"
          min={min}
          max={max}
          step={1}
          value={ok ? n : min}
          aria-label={label}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="lv-lev__chips">
          {leverageChips(min, max).map((c) => (
            <button
              key={c}
              type="button"
              className={c === n ? 'lv-lev__chip lv-lev__chip--on' : 'lv-lev__chip'}
              aria-pressed={c === n}
              onClick={() => setText(String(c))}
            >
              {c}×
            </button>
          ))}
        </div>
        <p className="lv-lev__note">
          <Trans id="lever.leverageNote">
            Higher leverage needs less margin but brings the liquidation price closer.
          </Trans>
        </p>
        <button type="button" className="btn btn--primary btn--block" disabled={!ok} onClick={() => onConfirm(n)}>
          <Trans id="common.confirm">Confirm</Trans>
        </button>
      </div>
    </Sheet>
  )
}
