/**
 * The checks every amount a user or operator types goes through before it reaches the ledger: known currency,
 * greater than zero, no more decimals than the currency's smallest unit (common/amount CURRENCY_SCALES). Each refusal
 * names the input field and says what is wrong in the user's language.
 */
import { checkCurrencyScale, currencyScale, isCurrencyCode, sign, type DecimalString } from '../../common/amount'
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

/**
 * `amount` of `currency` as the ledger stores it (canonical), when it is > 0 (or ≥ 0 with `allowZero`) and has no
 * more decimals than the currency allows.
 * @throws DomainError bad_input `amountNotPositive` or `amountTooManyDecimals` ({currency}, {scale}) naming `field`.
 */
export function userAmount(
  amount: DecimalString,
  currency: string,
  field = 'amount',
  { allowZero = false }: { allowZero?: boolean } = {},
): DecimalString {
  const s = sign(amount)
  if (s < 0 || (s === 0 && !allowZero)) throw fieldError(field, 'amountNotPositive')
  try {
    return checkCurrencyScale(amount, knownCurrency(currency))
  } catch (err) {
    if (err instanceof DomainError) throw err
    throw fieldError(field, 'amountTooManyDecimals', { currency, scale: currencyScale(currency) })
  }
}
