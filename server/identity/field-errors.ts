/** Identity errors that name a field, so the form can show the message under it. */
import type { BasicField, FieldProblem } from '../../common/api/identity'
import type { ServerMessageKey } from '../content/server-messages'
import { badField, type DomainError } from '../domain/errors'

/** A refused field: `bad_input` (malformed) or `rejected` (refused by a rule), `data.field` = `field` at the edge. */
export function fieldError(
  field: string,
  key: ServerMessageKey,
  kind: 'bad_input' | 'rejected' = 'bad_input',
): DomainError {
  return badField(field, key, kind)
}

/** The message of each basic field's problem. */
export const BASIC_PROBLEM_MESSAGES: Record<BasicField, Partial<Record<FieldProblem, ServerMessageKey>>> = {
  name: { required: 'identityNameRequired', tooLong: 'identityNameTooLong', chars: 'identityNameChars' },
  id_number: { required: 'identityIdNumberRequired', format: 'identityIdNumberFormat' },
  city: { required: 'identityCityRequired', tooLong: 'identityCityTooLong', chars: 'identityCityChars' },
  email: { required: 'identityEmailRequired', format: 'identityEmailFormat' },
}
