/** Support screens' pieces: feedback form, type and state labels, link rows, load problems, language fallback note. */
export { FeedbackForm, type FeedbackDraft } from './FeedbackForm'
export { FeedbackStatusTag } from './FeedbackStatusTag'
export { FeedbackTypePicker } from './FeedbackTypePicker'
export { FEEDBACK_STATUS_LABELS, FEEDBACK_TYPE_LABELS } from './labels'
export { SupportLinks, type SupportLinkItem, type SupportPath } from './SupportLinks'
export { LoadProblem } from './LoadProblem'
export { FallbackNote } from './FallbackNote'
export { loadNotice, saysMissing, type NoticeLoad } from './load-notice'
