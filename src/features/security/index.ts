/**
 * The security center: passwords, transaction password, linked e-mail, two-factor authentication, signed-in devices;
 * its session guard.
 */
export { SecurityRows } from './SecurityRows'
export { SessionList } from './SessionList'
export { TwoFactorPanel } from './TwoFactorPanel'
export { AntiPhishingForm } from './AntiPhishingForm'
export { BindEmailSheet } from './BindEmailSheet'
export { ChangeLoginPasswordForm } from './ChangeLoginPasswordForm'
export { PayPasswordForm } from './PayPasswordForm'
export { NoPasswordNote } from './NoPasswordNote'
export { requireSession } from './guard'
export { checkForm, isClean, type FieldProblem, type FormRules } from './form-rules'
export { checkTexts, problemText } from './problem-text'
export { maskEmail, maskPhone } from './mask'
