/**
 * Futures figures on screen: prices at the market's precision; money (margin, fee, PnL, equity) at the quote
 * currency's display scale through lib/format.ts `formatAmount` (held or gained toward −∞, charged toward +∞).
 */
import type { DecimalString } from '../../../common/amount'
import { formatMoney, formatPrice } from '../../lib/format'

/** A price at the market's precision, "--" when there is none. */
export function formatLeverPrice(value: string | null | undefined, precision: number, locale: string): string {
  return formatPrice(value ?? null, precision, locale)
}

/** A percentage with 2 decimals and its sign ("+12.50%"), "--" when unknown. */
export function formatPercent(value: DecimalString | null, locale: string): string {
  return value === null ? '--' : `${formatMoney(value, locale, { signed: true })}%`
}
