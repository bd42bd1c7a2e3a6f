import { useLingui } from '@lingui/react'
import { FEEDBACK_TYPES, type FeedbackType } from '../../../common/api/support'
import { FEEDBACK_TYPE_LABELS } from './labels'

/** The feedback type as a row of chips (a radio group): one must be chosen (spec §5). */
export function FeedbackTypePicker({
  value,
  onChange,
  labelId,
  error,
}: {
  value: FeedbackType | null
  onChange: (type: FeedbackType) => void
  /** id of the visible label of the group. */
  labelId: string
  error?: string | undefined
}) {
  const { i18n } = useLingui()
  return (
    <div className="fb-types" role="radiogroup" aria-labelledby={labelId} aria-invalid={error ? true : undefined}>
      {FEEDBACK_TYPES.map((type) => (
        <button
          key={type}
          type="button"
          role="radio"
          aria-checked={value === type}
          className={value === type ? 'fb-type fb-type--on' : 'fb-type'}
          onClick={() => onChange(type)}
        >
          {i18n._(FEEDBACK_TYPE_LABELS[type])}
        </button>
      ))}
    </div>
  )
}
