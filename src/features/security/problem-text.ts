/** Words for the client-side field problems of form-rules.ts, and the rules' result as a form shows it. */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../common/api/account'
import { checkForm, type FieldProblem, type FormRules } from './form-rules'

const min = PASSWORD_MIN
const max = PASSWORD_MAX

const TEXT: Record<FieldProblem, MessageDescriptor> = {
  required: msg({ id: 'security.required', message: 'Please fill this in' }),
  tooShort: msg({ id: 'security.tooShort', message: `Use at least ${min} characters` }),
  tooLong: msg({ id: 'security.tooLong', message: `Use at most ${max} characters` }),
  mismatch: msg({ id: 'security.mismatch', message: 'Two passwords are inconsistent' }),
  email: msg({ id: 'security.badEmail', message: 'Enter a valid e-mail address' }),
  code: msg({ id: 'security.badCode', message: 'Enter the 6-digit code' }),
}

/** The message of a field problem. */
export function problemText(problem: FieldProblem): MessageDescriptor {
  return TEXT[problem]
}

/** `checkForm` worded: a message per field with a problem (a form's `check`). */
export function checkTexts<K extends string>(
  values: Record<K, string>,
  rules: FormRules<K>,
): Partial<Record<K, MessageDescriptor>> {
  const out: Partial<Record<K, MessageDescriptor>> = {}
  const found = checkForm(values, rules)
  for (const k of Object.keys(found) as K[]) {
    const p = found[k]
    if (p) out[k] = TEXT[p]
  }
  return out
}
