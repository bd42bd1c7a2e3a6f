/** Words for amount-check.ts problems, with the figures of the rule that was broken. */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AmountProblem } from './amount-check'

/**
 * The message of `problem` for `currency` (values are put in when shown: scale, min). `belowMinimum` words the
 * minimum of another kind of amount (a stake) instead of a withdrawal's.
 */
export function amountProblemText(
  problem: AmountProblem,
  v: { currency: string; scale: number; min?: string },
  belowMinimum?: MessageDescriptor,
): MessageDescriptor {
  const { currency, scale } = v
  const min = v.min ?? ''
  switch (problem) {
    case 'required':
      return msg({ id: 'funds.amountRequired', message: 'Please enter an amount' })
    case 'format':
      return msg({ id: 'funds.amountFormat', message: 'Enter a number, like 100 or 0.5' })
    case 'notPositive':
      return msg({ id: 'funds.amountNotPositive', message: 'The amount must be greater than 0' })
    case 'tooManyDecimals':
      return msg({
        id: 'funds.amountDecimals',
        message: `${currency} amounts can have at most ${scale} decimal places`,
      })
    case 'belowMinimum':
      return (
        belowMinimum ?? msg({ id: 'funds.amountBelowMin', message: `The minimum withdrawal is ${min} ${currency}` })
      )
    case 'lackOfFunds':
      return msg({ id: 'funds.lackOfFunds', message: 'Lack of funds' })
  }
}
