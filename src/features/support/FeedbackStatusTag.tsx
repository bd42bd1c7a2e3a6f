import { useLingui } from '@lingui/react'
import type { FeedbackStatus } from '../../../common/api/support'
import { FEEDBACK_STATUS_LABELS } from './labels'
import '../../styles/support.css'

/** The state of a feedback as a coloured tag: waiting (amber), replied (green). */
export function FeedbackStatusTag({ status }: { status: FeedbackStatus }) {
  const { i18n } = useLingui()
  return <span className={`fb-status fb-status--${status}`}>{i18n._(FEEDBACK_STATUS_LABELS[status])}</span>
}
