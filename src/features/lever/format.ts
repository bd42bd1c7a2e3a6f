/**
 * Futures figures on screen. Money charged or booked (margin, fee, realized PnL, income) is shown exactly, as the
 * server writes it; figures that move with every mark tick (unrealized PnL, equity) are shown to the cent, rounded
 * toward −∞ as the platform rounds a gain it has not paid yet.
 */
import { round, type DecimalString } from '../../../common/amount'
import { formatPrice } from '../../lib/format'
import { formatMoney } from '../assets'

/** Decimals of a moving money figure on screen. */
const LIVE_SCALE = 2

/** A moving money figure (quote currency): 2 decimals, floored, grouped by `locale`; `signed` puts "+" on a gain. */
export function formatLive(value: DecimalString, locale: string, signed = false): string {
  return formatMoney(round(value, LIVE_SCALE, 'floor'), locale, { signed })
}

/** A price at the market's precision, "--" when there is none. */
export function formatLeverPrice(value: string | null | undefined, precision: number, locale: string): string {
  return formatPrice(value ?? null, precision, locale)
}

/** A percentage with 2 decimals and its sign ("+12.50%"), "--" when unknown. */
export function formatPercent(value: DecimalString | null, locale: string): string {
  return value === null ? '--' : `${formatMoney(value, locale, { signed: true })}%`
}
