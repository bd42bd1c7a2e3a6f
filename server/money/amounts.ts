/**
 * The checks every amount a user or operator types goes through before it reaches the ledger: known currency,
 * greater than zero, no more decimals than the currency's smallest unit (common/amount CURRENCY_SCALES), at most
 * MAX_CLAIM_UNITS. Each refusal names the input field and says what is wrong in the user's language.
 */
import {
  checkCurrencyScale,
  compare,
  currencyScale,
  isCurrencyCode,
  MAX_CLAIM_UNITS,
  parseDecimal,
  sign,
  type DecimalString,
} from '../../common/amount'
import type { ServerMessageKey } from '../content/server-messages'
import { DomainError } from '../domain/errors'

/** A refusal of `field` with `key` (and its `{placeholders}`), shown under the field. */
export function fieldError(
  field: string,
  key: ServerMessageKey,
  vars: Record<string, string | number> = {},
  kind: 'bad_input' | 'rejected' = 'bad_input',
): DomainError {
  return new DomainError(kind, key, { field, issues: [{ field, messageKey: key }], vars })
}

/**
 * `currency` when the ledger can hold it.
 * @throws DomainError bad_input `currencyUnknown` naming `field`.
 */
export function knownCurrency(currency: string, field = 'currency'): string {
  if (!isCurrencyCode(currency)) throw fieldError(field, 'currencyUnknown')
  return currency
}

const MAX_CLAIM = parseDecimal(MAX_CLAIM_UNITS)

/**
 * `amount` of `currency` as the ledger stores it (canonical), when it is > 0 (or ≥ 0 with `allowZero`), has no
 * more decimals than the currency allows and is at most MAX_CLAIM_UNITS (deposit claims, withdrawals, transfers,
 * yield purchases and the operator's terms alike: see common/amount/currency-scale.ts for why 10^12).
 * @throws DomainError bad_input `amountNotPositive`, `amountTooManyDecimals` ({currency}, {scale}) or
 *   `amountTooLarge` ({max}, {currency}) naming `field`.
 */
export function userAmount(
  amount: DecimalString,
  currency: string,
  field = 'amount',
  { allowZero = false }: { allowZero?: boolean } = {},
): DecimalString {
  const s = sign(amount)
  if (s < 0 || (s === 0 && !allowZero)) throw fieldError(field, 'amountNotPositive')
  if (compare(amount, MAX_CLAIM) > 0) throw fieldError(field, 'amountTooLarge', { max: MAX_CLAIM_UNITS, currency })
  try {
    return checkCurrencyScale(amount, knownCurrency(currency))
  } catch (err) {
    if (err instanceof DomainError) throw err
    throw fieldError(field, 'amountTooManyDecimals', { currency, scale: currencyScale(currency) })
  }
}
