import { useId } from 'react'

/** One choice: its value, its (already translated) label, and whether it can be picked. */
export interface Choice<V extends string> {
  value: V
  label: string
  disabled?: boolean
}

/**
 * A labelled row of chips of which one is picked (a radio group): currencies, networks, wallets. Wraps onto more
 * lines rather than scrolling, so every choice is in view at 360 px. Arrow keys are the browser's own tab order.
 */
export function Choices<V extends string>({
  label,
  options,
  value,
  onChange,
  error,
}: {
  label: string
  options: readonly Choice<V>[]
  value: V | null
  onChange: (value: V) => void
  /** Problem shown under the row; empty = none. */
  error?: string | undefined
}) {
  const labelId = useId()
  return (
    <div className={error ? 'choices choices--error' : 'choices'}>
      <span className="choices__label" id={labelId}>
        {label}
      </span>
      <div className="choices__row" role="radiogroup" aria-labelledby={labelId}>
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={o.value === value}
            disabled={o.disabled}
            className={o.value === value ? 'choices__chip choices__chip--on' : 'choices__chip'}
            onClick={() => onChange(o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
