/**
 * Client checks of the security forms, before anything is sent: required fields, the password policy's length
 * bounds (common/api/account, reliability S1: at least 8, no composition rules, the common-password list is the
 * server's), "two passwords are inconsistent" (spec §5, §8), e-mail shape and the 6-digit code. Pure: problems are
 * codes, src/features/security/problem-text.ts words them.
 */
import { codeField, emailField, PASSWORD_MAX, PASSWORD_MIN } from '../../../common/api/account'

/** What is wrong with one field. */
export type FieldProblem = 'required' | 'tooShort' | 'tooLong' | 'mismatch' | 'email' | 'code'

/** Which fields of a form `K` hold what. */
export interface FormRules<K extends string> {
  /** Must not be empty. */
  required: readonly K[]
  /** A new password and its confirmation: length policy on `password`, equality on `confirm`. */
  newPassword?: { password: K; confirm: K }
  /** Must be an e-mail address. */
  email?: K
  /** Must be a 6-digit code. */
  code?: K
}

/** Problems of `values` under `rules`, one per field (the first found); empty when the form may be sent. */
export function checkForm<K extends string>(
  values: Record<K, string>,
  rules: FormRules<K>,
): Partial<Record<K, FieldProblem>> {
  const out: Partial<Record<K, FieldProblem>> = {}
  for (const k of rules.required) if (values[k] === '') out[k] = 'required'
  const np = rules.newPassword
  if (np && !out[np.password]) {
    const len = [...values[np.password]].length
    if (len < PASSWORD_MIN) out[np.password] = 'tooShort'
    else if (len > PASSWORD_MAX) out[np.password] = 'tooLong'
  }
  if (np && !out[np.confirm] && values[np.confirm] !== values[np.password]) out[np.confirm] = 'mismatch'
  if (rules.email && !out[rules.email] && !emailField.safeParse(values[rules.email]).success) out[rules.email] = 'email'
  if (rules.code && !out[rules.code] && !codeField.safeParse(values[rules.code].trim()).success)
    out[rules.code] = 'code'
  return out
}

/** True when `problems` has none. */
export function isClean(problems: Partial<Record<string, FieldProblem>>): boolean {
  return Object.keys(problems).length === 0
}
