/**
 * The checks of a futures order before it is sent, field by field, as the server makes them
 * (server/trading/contract/place.ts): price and quantity format and precision, the smallest order, the leverage
 * range, "Lack of funds" when margin + fee exceed the available balance, a take-profit beyond / stop-loss before
 * the entry price on the side's side, and — for an order that fills at once (market, or a limit crossing the book) —
 * a take-profit or stop-loss the mark price has already reached, which would close the new position at once
 * (server/trading/contract/triggers.ts `checkNotTriggered`; Binance -2021 "Order would immediately trigger"). The
 * server has the last word.
 */
import { compare, feedDecimal, parseDecimal, scaleOf, sign, type DecimalString } from '../../../common/amount'
import type { ContractMarket, ContractSide } from '../../../common/api/contract'
import { normalizeAmount, readAmount } from '../funds'
import type { AmountProblem, PriceProblem, TypeProblem } from '../trade'
import { amountScale, type BookSides, type OpenDraft, type OpenPreview } from './open-math'

// A price, the quantity and a market order go wrong the same ways as on the spot form.
export type { AmountProblem, PriceProblem, TypeProblem } from '../trade'
/**
 * What is wrong with a take-profit or stop-loss price (an empty one is simply not set): its format, the wrong side
 * of the entry, or (`wouldTrigger`) already reached by the mark price.
 */
export type TriggerProblem = Exclude<PriceProblem, 'required'> | 'wrongSide' | 'wouldTrigger'

/** Problems by field; an empty object when the order may be sent. */
export interface OpenProblems {
  price?: PriceProblem
  amount?: AmountProblem
  leverage?: 'outOfRange'
  type?: TypeProblem
  tp?: TriggerProblem
  sl?: TriggerProblem
}

/** The first problem of a number field with at most `scale` decimals, or null. */
export function numberProblem(text: string, scale: number): PriceProblem | null {
  if (normalizeAmount(text) === '') return 'required'
  const v = readAmount(text)
  if (v === null) return 'format'
  if (sign(v) <= 0) return 'notPositive'
  if (scaleOf(v) > scale) return 'tooManyDecimals'
  return null
}

/** True when `leverage` is a whole number within the market's range. */
export function leverageFits(leverage: number, terms: Pick<ContractMarket, 'min_leverage' | 'max_leverage'>): boolean {
  return Number.isInteger(leverage) && leverage >= terms.min_leverage && leverage <= terms.max_leverage
}

/**
 * True when a trigger at `value` lies on the right side of `reference` for `side`: a long's take-profit above it and
 * stop-loss below it, a short's the other way round (else it would fire at once or never make sense).
 */
export function triggerOnSide(field: 'tp' | 'sl', side: ContractSide, value: DecimalString, reference: DecimalString) {
  const c = compare(value, reference)
  const above = field === 'tp' ? side === 'long' : side === 'short'
  return above ? c > 0 : c < 0
}

/**
 * True when the mark price `mark` has already reached a trigger at `value` (a long's take-profit at or below it, its
 * stop-loss at or above it; a short's the other way round): set now, it would fire at once.
 */
export function triggerReached(field: 'tp' | 'sl', side: ContractSide, value: DecimalString, mark: DecimalString) {
  const c = compare(mark, value)
  const up = (field === 'tp') === (side === 'long')
  return up ? c >= 0 : c <= 0
}

/**
 * True when `draft` would fill at once as the server takes it: a market order, or a limit order crossing `book` (a
 * long priced at or above the best ask, a short at or below the best bid). A resting limit order's triggers are
 * checked against the mark only when it fills.
 */
export function fillsAtOnce(draft: Pick<OpenDraft, 'type' | 'side'>, price: DecimalString | null, book?: BookSides) {
  if (draft.type === 'market') return true
  const level = draft.side === 'long' ? book?.asks[0] : book?.bids[0]
  const best = level && feedDecimal(level[0])
  if (!price || !best) return false
  const c = compare(price, best)
  return draft.side === 'long' ? c >= 0 : c <= 0
}

/**
 * The problem of a take-profit or stop-loss field (empty = not set, no problem), checked against `reference` (the
 * entry price; unknown yet = only the format is checked).
 */
export function triggerProblem(
  field: 'tp' | 'sl',
  side: ContractSide,
  text: string,
  reference: DecimalString | null,
  scale: number,
): TriggerProblem | null {
  const p = numberProblem(text, scale)
  if (p === 'required') return null
  if (p) return p
  return reference && !triggerOnSide(field, side, readAmount(text)!, reference) ? 'wrongSide' : null
}

/**
 * The problems of `draft` before sending.
 * @param available the contract wallet's available balance (quote); undefined when not known (signed out)
 * @param hasBook a book has been seen (a market order needs one to be priced)
 * @param market the symbol's mark price and book now: an order that fills at once is refused a take-profit or
 *   stop-loss the mark has reached (`wouldTrigger`); unknown = not checked (the server checks it)
 */
export function checkOpen(
  draft: OpenDraft,
  terms: ContractMarket,
  preview: OpenPreview,
  available: DecimalString | undefined,
  hasBook: boolean,
  market: { mark: DecimalString | undefined; book: BookSides | undefined } = { mark: undefined, book: undefined },
): OpenProblems {
  const out: OpenProblems = {}
  if (draft.type === 'limit') {
    const p = numberProblem(draft.price, terms.price_precision)
    if (p) out.price = p
  }
  if (!leverageFits(draft.leverage, terms)) out.leverage = 'outOfRange'
  const a = numberProblem(draft.amount, amountScale(terms))
  if (a) out.amount = a
  else if (compare(readAmount(draft.amount)!, parseDecimal(terms.min_amount)) < 0) out.amount = 'belowMinimum'
  else if (available !== undefined && preview.cost && compare(preview.cost, available) > 0) out.amount = 'lackOfFunds'
  if (draft.type === 'market' && !out.amount) {
    if (!hasBook) out.type = 'noBook'
    else if (preview.bookTooThin) out.type = 'bookTooThin'
  }
  if (draft.tpsl) {
    for (const field of ['tp', 'sl'] as const) {
      const p = triggerProblem(field, draft.side, draft[field], preview.price, terms.price_precision)
      if (p) out[field] = p
      else if (
        market.mark &&
        readAmount(draft[field]) !== null &&
        fillsAtOnce(draft, draft.type === 'limit' ? readAmount(draft.price) : null, market.book) &&
        triggerReached(field, draft.side, readAmount(draft[field])!, market.mark)
      ) {
        out[field] = 'wouldTrigger'
      }
    }
  }
  return out
}
