import type { FormattedChange } from '../../lib/format'

/** Quote change as a coloured pill: green up, red down, grey flat (same in every locale). */
export function ChangePill({ change }: { change: FormattedChange }) {
  return <span className={`change-pill change-pill--${change.trend}`}>{change.text}</span>
}
