/** Words for order-math.ts problems, with the figures of the rule that was broken. */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AmountProblem, PriceProblem, TypeProblem } from './order-math'

/** The message of a price problem; `scale` the market's price decimals. */
export function priceProblemText(problem: PriceProblem, scale: number): MessageDescriptor {
  switch (problem) {
    case 'required':
      return msg({ id: 'trade.priceRequired', message: 'Please enter a price' })
    case 'format':
      return msg({ id: 'funds.amountFormat', message: 'Enter a number, like 100 or 0.5' })
    case 'notPositive':
      return msg({ id: 'trade.priceNotPositive', message: 'The price must be greater than 0' })
    case 'tooManyDecimals':
      return msg({ id: 'trade.priceDecimals', message: `Prices can have at most ${scale} decimal places` })
  }
}

/** The message of an amount problem; `scale` the amount decimals, `min` and `base` the smallest order. */
export function amountProblemText(
  problem: AmountProblem,
  v: { scale: number; min: string; base: string },
): MessageDescriptor {
  const { scale, min, base } = v
  switch (problem) {
    case 'required':
      return msg({ id: 'trade.amountRequired', message: 'Please enter a quantity' })
    case 'format':
      return msg({ id: 'funds.amountFormat', message: 'Enter a number, like 100 or 0.5' })
    case 'notPositive':
      return msg({ id: 'trade.amountNotPositive', message: 'The quantity must be greater than 0' })
    case 'tooManyDecimals':
      return msg({ id: 'trade.amountDecimals', message: `Quantities can have at most ${scale} decimal places` })
    case 'belowMinimum':
      return msg({ id: 'trade.amountBelowMin', message: `The minimum order is ${min} ${base}` })
    case 'lackOfFunds':
      return msg({ id: 'funds.lackOfFunds', message: 'Lack of funds' })
  }
}

/** The message of a market order that cannot be priced from the book. */
export function typeProblemText(problem: TypeProblem): MessageDescriptor {
  return problem === 'noBook'
    ? msg({ id: 'trade.noBook', message: 'No order book yet: wait for prices or place a limit order' })
    : msg({ id: 'trade.bookTooThin', message: 'Not enough depth in the order book for this quantity' })
}
