import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { LeverageSheet } from './LeverageSheet'

/**
 * The order's margin mode and leverage as one button ("Cross 10×") that opens the leverage picker; a problem with
 * the leverage (the range, or the server's refusal naming it) shows under it.
 */
export function LeverageControl({
  value,
  min,
  max,
  pair,
  error,
  onChange,
}: {
  value: number
  min: number
  max: number
  pair: string
  /** Problem shown under the button; empty = none. */
  error: string
  onChange: (leverage: number) => void
}) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  return (
    <div className="lv-levctl">
      <button
        type="button"
        className="lv-levctl__btn"
        aria-haspopup="dialog"
        aria-invalid={error ? true : undefined}
        aria-label={t({ id: 'lever.leverageButton', message: `Cross margin, leverage ${value}×, change` })}
        data-testid="lever-leverage"
        onClick={() => setOpen(true)}
      >
        <span className="lv-levctl__mode">
          <Trans id="lever.cross">Cross</Trans>
        </span>
        <span className="lv-levctl__value">{value}×</span>
        <span className="lv-levctl__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {open && (
        <LeverageSheet
          value={value}
          min={min}
          max={max}
          pair={pair}
          onClose={() => setOpen(false)}
          onConfirm={(n) => {
            onChange(n)
            setOpen(false)
          }}
        />
      )}
    </div>
  )
}
