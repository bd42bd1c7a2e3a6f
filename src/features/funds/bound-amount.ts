/** The amount check of a form, worded: undefined when fine, else the message for the field. */
import type { MessageDescriptor } from '@lingui/core'
import { checkAmount, type AmountRules } from './amount-check'
import { amountProblemText } from './amount-problems'

/** `checkAmount` worded for `currency` (a form's `check` puts it under the amount field). */
export function amountText(text: string, currency: string, rules: AmountRules): MessageDescriptor | undefined {
  const problem = checkAmount(text, rules)
  return problem ? amountProblemText(problem, { currency, scale: rules.scale, min: rules.min }) : undefined
}
