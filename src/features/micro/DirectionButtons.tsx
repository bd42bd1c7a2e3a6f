import { useLingui } from '@lingui/react/macro'
import type { MouseEvent } from 'react'
import type { MicroDirection } from '../../../common/api/micro'
import { useFormContext } from '../../ui/form'
import { Icon } from '../../ui/Icon'
import { Spinner } from '../../ui/Spinner'
import { DIRECTION_LABELS } from './labels'
import './micro-form.css'

/** The direction recorded in the order form's values (the form's context is untyped here). */
const directionOf = (values: unknown): MicroDirection | undefined =>
  (values as { direction?: MicroDirection } | null)?.direction

/**
 * Rise and Fall: both submit the surrounding order form, each after `onPick` has recorded its direction (a click
 * runs before the submission it starts, so the form sends the direction of the button pressed; `preventDefault`
 * there stops the submission). Disabled, the pressed one busy, while an order is being confirmed or sent.
 */
export function DirectionButtons({
  onPick,
}: {
  onPick: (direction: MicroDirection, e: MouseEvent<HTMLButtonElement>) => void
}) {
  const form = useFormContext()
  const { i18n } = useLingui()
  return (
    <form.Subscribe selector={(s) => ({ busy: s.isSubmitting, pressed: directionOf(s.values) })}>
      {({ busy, pressed }) => (
        <div className="mc-directions">
          {(['up', 'down'] as const).map((d) => (
            <button
              key={d}
              type="submit"
              className={`mc-direction mc-direction--${d}`}
              data-testid={d === 'up' ? 'micro-rise' : 'micro-fall'}
              disabled={busy}
              aria-busy={(busy && pressed === d) || undefined}
              onClick={(e) => onPick(d, e)}
            >
              {busy && pressed === d ? (
                <Spinner size={18} />
              ) : (
                <Icon name="arrowDown" size={18} className={d === 'up' ? 'mc-direction__up' : undefined} />
              )}
              {i18n._(DIRECTION_LABELS[d])}
            </button>
          ))}
        </div>
      )}
    </form.Subscribe>
  )
}
