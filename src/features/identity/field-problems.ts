/**
 * The form's wording of the basic fields' problems (the rules themselves are shared with the server:
 * `basicFieldProblems` in common/api/identity, so the form and the server refuse the same input).
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { CITY_MAX, NAME_MAX, type BasicField, type FieldProblem } from '../../../common/api/identity'

export const BASIC_PROBLEMS: Record<BasicField, Partial<Record<FieldProblem, MessageDescriptor>>> = {
  name: {
    required: msg({ id: 'identity.error.nameRequired', message: 'Please enter your name' }),
    tooLong: msg({ id: 'identity.error.nameTooLong', message: `The name can have at most ${NAME_MAX} characters` }),
    chars: msg({ id: 'identity.error.nameChars', message: 'The name contains characters that are not allowed' }),
  },
  id_number: {
    required: msg({ id: 'identity.error.idNumberRequired', message: 'Please enter your ID number' }),
    format: msg({
      id: 'identity.error.idNumberFormat',
      message: 'Enter the number as shown on the document: 4–32 letters or digits',
    }),
  },
  city: {
    required: msg({ id: 'identity.error.cityRequired', message: 'Please enter your city' }),
    tooLong: msg({ id: 'identity.error.cityTooLong', message: `The city can have at most ${CITY_MAX} characters` }),
    chars: msg({ id: 'identity.error.cityChars', message: 'The city contains characters that are not allowed' }),
  },
  email: {
    required: msg({ id: 'identity.error.emailRequired', message: 'Please enter your email' }),
    format: msg({ id: 'identity.error.emailFormat', message: 'Please enter a valid email address' }),
  },
}
