/**
 * Words for open-check.ts problems, with the figures of the rule that was broken (the server's words in spirit); a
 * price, the quantity and a market order in the spot form's words (trade/order-problems.ts).
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ContractMarket, ContractSide } from '../../../common/api/contract'
import type { FieldTexts } from '../../ui/form'
import { amountProblemText, priceProblemText, typeProblemText } from '../trade'
import type { OpenProblems, TriggerProblem } from './open-check'

/** The leverage range of `pair` ("BTC/USDT"), as the server words its refusal. */
export function leverageRangeText(pair: string, min: number, max: number): MessageDescriptor {
  return msg({ id: 'lever.leverageRange', message: `Leverage for ${pair} is from ${min}× to ${max}×` })
}

/**
 * The message of a take-profit (`tp`) or stop-loss (`sl`) problem; `price` the formatted reference it must lie beyond
 * (the entry price, or for a stop-loss changed on an open position the mark price), for `wouldTrigger` the mark price
 * (the server's `takeProfitWouldTrigger` / `stopLossWouldTrigger` words).
 */
export function triggerProblemText(
  field: 'tp' | 'sl',
  side: ContractSide,
  problem: TriggerProblem,
  v: { scale: number; price: string },
): MessageDescriptor {
  const { price } = v
  if (problem === 'wouldTrigger') {
    const mark = price
    return field === 'tp'
      ? msg({
          id: 'lever.tpWouldTrigger',
          message: `This take-profit would trigger immediately: the mark price is already ${mark}`,
        })
      : msg({
          id: 'lever.slWouldTrigger',
          message: `This stop-loss would trigger immediately: the mark price is already ${mark}`,
        })
  }
  if (problem !== 'wrongSide') return priceProblemText(problem, v.scale)
  if (field === 'tp') {
    return side === 'long'
      ? msg({ id: 'lever.tpLong', message: `The take-profit of a long position must be above ${price}` })
      : msg({ id: 'lever.tpShort', message: `The take-profit of a short position must be below ${price}` })
  }
  return side === 'long'
    ? msg({ id: 'lever.slLong', message: `The stop-loss of a long position must be below ${price}` })
    : msg({ id: 'lever.slShort', message: `The stop-loss of a short position must be above ${price}` })
}

/** What the texts of an order's problems need: the market, its pair name, the entry price as shown. */
export interface ProblemContext {
  terms: Pick<ContractMarket, 'price_precision' | 'min_amount' | 'base' | 'min_leverage' | 'max_leverage'>
  /** Decimals of the quantity. */
  amountScale: number
  /** "BTC/USDT". */
  pair: string
  side: ContractSide
  /** The entry price as the screen shows it, for a take-profit or stop-loss on the wrong side. */
  entry: string
  /** The mark price as the screen shows it, for a take-profit or stop-loss it has already reached. */
  mark: string
}

/** The texts of `p` by field, for the form's check. */
export function openProblemTexts(p: OpenProblems, c: ProblemContext): FieldTexts {
  const { terms } = c
  const texts: FieldTexts = {}
  if (p.price) texts.price = priceProblemText(p.price, terms.price_precision)
  if (p.amount)
    texts.amount = amountProblemText(p.amount, { scale: c.amountScale, min: terms.min_amount, base: terms.base })
  if (p.type) texts.type = typeProblemText(p.type)
  if (p.leverage) texts.leverage = leverageRangeText(c.pair, terms.min_leverage, terms.max_leverage)
  for (const f of ['tp', 'sl'] as const) {
    const problem = p[f]
    if (problem) {
      const price = problem === 'wouldTrigger' ? c.mark : c.entry
      texts[f] = triggerProblemText(f, c.side, problem, { scale: terms.price_precision, price })
    }
  }
  return texts
}
