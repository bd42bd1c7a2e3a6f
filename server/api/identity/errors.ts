/** Identity errors that name a field, so the form can show the message under it. */
import { CODE_BAD_INPUT, CODE_REJECTED, type Locale } from '../../../common/constants'
import type { BasicField, FieldProblem } from '../../../common/api/identity'
import { serverMessage, type ServerMessageKey } from '../../content/server-messages'
import { ApiError } from '../api-error'

/** A rejected field: envelope code 422 (bad input) or 400 (rejected by a rule), `data.field` = `field`. */
export function fieldError(
  locale: Locale,
  field: string,
  key: ServerMessageKey,
  code: typeof CODE_BAD_INPUT | typeof CODE_REJECTED = CODE_BAD_INPUT,
): ApiError {
  return new ApiError(code, key, undefined, { field, issues: [{ field, message: serverMessage(locale, key) }] })
}

/** The message of each basic field's problem. */
export const BASIC_PROBLEM_MESSAGES: Record<BasicField, Partial<Record<FieldProblem, ServerMessageKey>>> = {
  name: { required: 'identityNameRequired', tooLong: 'identityNameTooLong', chars: 'identityNameChars' },
  id_number: { required: 'identityIdNumberRequired', format: 'identityIdNumberFormat' },
  city: { required: 'identityCityRequired', tooLong: 'identityCityTooLong', chars: 'identityCityChars' },
  email: { required: 'identityEmailRequired', format: 'identityEmailFormat' },
}
