import { useLingui } from '@lingui/react'
import type { ReviewState } from '../../../common/api/assets'
import { REVIEW_STATE_LABELS } from './labels'

/** A deposit's or withdrawal's review state as a coloured tag: pending (amber), approved (green), rejected (red). */
export function ReviewStateTag({ state }: { state: ReviewState }) {
  const { i18n } = useLingui()
  return <span className={`fd-state fd-state--${state}`}>{i18n._(REVIEW_STATE_LABELS[state])}</span>
}
