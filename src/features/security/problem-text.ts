/** Words for the client-side field problems of form-rules.ts. */
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../common/api/account'
import type { FieldProblem } from './form-rules'

const min = PASSWORD_MIN
const max = PASSWORD_MAX

const TEXT = {
  required: msg({ id: 'security.required', message: 'Please fill this in' }),
  tooShort: msg({ id: 'security.tooShort', message: `Use at least ${min} characters` }),
  tooLong: msg({ id: 'security.tooLong', message: `Use at most ${max} characters` }),
  mismatch: msg({ id: 'security.mismatch', message: 'Two passwords are inconsistent' }),
  email: msg({ id: 'security.badEmail', message: 'Enter a valid e-mail address' }),
  code: msg({ id: 'security.badCode', message: 'Enter the 6-digit code' }),
} as const

/** The translated text of a field problem. */
export function problemText(i18n: I18n, problem: FieldProblem): string {
  return i18n._(TEXT[problem])
}
