/**
 * Amounts on screen. The server writes them as canonical decimal strings (common/amount); they are shown exactly —
 * padded to at least two decimals, grouped by the locale (lib/format groupDecimal) — and never pass through a JS
 * number, so "0.1" + "0.2" never shows as 0.30000000000000004 and a satoshi is never lost to rounding.
 */
import { parseDecimal, scaleOf, sign, toFixedScale } from '../../../common/amount'
import { groupDecimal } from '../../lib/format'

/** Options of `formatMoney`. */
export interface MoneyFormat {
  /** Fewest decimals shown (padded with zeros), default 2. */
  minScale?: number
  /** A "+" before a positive amount (daily income, a credit). */
  signed?: boolean
}

/**
 * `value` grouped by `locale` with every decimal it has and at least `minScale`: ("1000", 'en') → "1,000.00",
 * ("0.12345678", 'pt') → "0,12345678", ("-5.5", 'en', { signed: true }) → "-5.50", ("3", 'en', { signed: true }) →
 * "+3.00". "--" for text that is not a decimal string.
 */
export function formatMoney(value: string, locale: string, opts: MoneyFormat = {}): string {
  try {
    const v = parseDecimal(value)
    const text = groupDecimal(toFixedScale(v, Math.max(opts.minScale ?? 2, scaleOf(v)), 'down'), locale)
    return opts.signed && sign(v) > 0 ? `+${text}` : text
  } catch {
    return '--'
  }
}

/** −1, 0 or 1 for a decimal string from the server (0 for anything unreadable): picks a gain/loss colour. */
export function trendOf(value: string): -1 | 0 | 1 {
  try {
    return sign(parseDecimal(value))
  } catch {
    return 0
  }
}
