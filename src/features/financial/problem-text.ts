/** Words for a subscription amount's problems (figures.ts): the funds forms' words, a subscription's bounds. */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { amountProblemText } from '../funds'
import type { SubscriptionProblem } from './figures'

/** The message of `problem` for an amount of `currency` between `min` and `max`. */
export function subscriptionProblemText(
  problem: SubscriptionProblem,
  v: { currency: string; scale: number; min: string; max: string },
): MessageDescriptor {
  const { currency, min, max } = v
  if (problem === 'aboveMaximum') {
    return msg({ id: 'financial.amountAboveMax', message: `The maximum subscription is ${max} ${currency}` })
  }
  return amountProblemText(
    problem,
    v,
    msg({ id: 'financial.amountBelowMin', message: `The minimum subscription is ${min} ${currency}` }),
  )
}
