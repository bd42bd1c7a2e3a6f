/** Words for a stake's problems (stake.ts): the funds forms' own words, but a stake's minimum. */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { amountProblemText, type AmountProblem } from '../funds'

/** The message of `problem` for a stake in `currency`. */
export function stakeProblemText(
  problem: AmountProblem,
  v: { currency: string; scale: number; min: string },
): MessageDescriptor {
  const { currency, min } = v
  return amountProblemText(
    problem,
    v,
    msg({ id: 'micro.amountBelowMin', message: `The minimum stake is ${min} ${currency}` }),
  )
}
