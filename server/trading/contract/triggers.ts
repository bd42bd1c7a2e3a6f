/**
 * Which side of a price a take-profit or stop-loss must be on, and the refusal naming the field when it is not: beyond
 * the opening price, and not already reached by the mark (it would close the position at once).
 */
import { compare, round, type DecimalString } from '../../../common/amount'
import type { ContractSide } from '../../../common/api/contract'
import { fieldError } from '../../money/amounts'

/**
 * Checks a trigger against `reference` (the opening price; for a stop-loss changed on an open position, the mark):
 * a long's take-profit above it and stop-loss below it, a short's the other way round.
 * @throws DomainError bad_input `takeProfitLong|Short` (tp) or `stopLossLong|Short` (sl) with `{price}`.
 */
export function checkTrigger(field: 'tp' | 'sl', side: ContractSide, value: DecimalString, reference: DecimalString) {
  const c = compare(value, reference)
  const above = field === 'tp' ? side === 'long' : side === 'short'
  if (above ? c > 0 : c < 0) return
  const key =
    field === 'tp'
      ? side === 'long'
        ? 'takeProfitLong'
        : 'takeProfitShort'
      : side === 'long'
        ? 'stopLossLong'
        : 'stopLossShort'
  throw fieldError(field, key, { price: reference })
}

/**
 * Refuses a trigger the mark has already reached (a long's take-profit at or below the mark, its stop-loss at or
 * above it; a short's the other way round): it would close the position at once. Binance answers such a conditional
 * order with error -2021 "Order would immediately trigger" (Binance USDⓈ-M Futures API, Error Codes).
 * @param mark the current mark price (quote currency)
 * @param pricePrecision the market's price decimals: the message shows the mark at them, rounded away from the side
 *   the trigger must be on (up where it must be above the mark), so a price just beyond the shown one is accepted
 * @throws DomainError bad_input `takeProfitWouldTrigger` (tp) or `stopLossWouldTrigger` (sl) with `{mark}`.
 */
export function checkNotTriggered(
  field: 'tp' | 'sl',
  side: ContractSide,
  value: DecimalString,
  mark: DecimalString,
  pricePrecision: number,
) {
  const c = compare(mark, value)
  const up = (field === 'tp') === (side === 'long')
  if (up ? c < 0 : c > 0) return
  const shown = round(mark, pricePrecision, up ? 'up' : 'down')
  throw fieldError(field, field === 'tp' ? 'takeProfitWouldTrigger' : 'stopLossWouldTrigger', { mark: shown })
}
