/** Which side of a price a take-profit or stop-loss must be on, and the refusal naming the field when it is not. */
import { compare, type DecimalString } from '../../../common/amount'
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
