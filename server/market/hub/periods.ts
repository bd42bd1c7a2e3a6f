/**
 * Bucket boundaries of the kline periods, as HTX computes them (htx-protocol.md a5): periods up to 4hour are plain
 * multiples of their length since the epoch; 1day, 1week and 1mon start at midnight in UTC+8 (Singapore time), so a
 * day bar opens at 16:00 UTC. Weeks start on Monday 00:00 UTC+8 (assumed: HTX does not document the week start; it
 * is the ISO convention and what the HTX app shows). 4hour bars in UTC+8 coincide with UTC multiples of 4 h.
 */
import { PERIOD_SECONDS, type KlinePeriod } from '../../../common/feed/topics'

/** Offset of HTX's kline calendar from UTC, seconds (UTC+8). */
export const KLINE_UTC_OFFSET_S = 8 * 3600

/** Periods that are plain multiples of their length (the calendar ones are handled below). */
const FIXED_PERIODS: ReadonlySet<KlinePeriod> = new Set(['1min', '5min', '15min', '30min', '60min', '4hour'])

const DAY = 86_400

/**
 * Open time (epoch seconds) of the `period` bar that contains `sec` (epoch seconds).
 * Example: 1day of 2024-01-01T17:00Z → 2024-01-01T16:00Z (= 2024-01-02 00:00 UTC+8).
 */
export function bucketStart(period: KlinePeriod, sec: number): number {
  const fixed = FIXED_PERIODS.has(period) ? PERIOD_SECONDS[period] : undefined
  if (fixed !== undefined) return Math.floor(sec / fixed) * fixed
  const local = sec + KLINE_UTC_OFFSET_S
  const days = Math.floor(local / DAY)
  if (period === '1day') return days * DAY - KLINE_UTC_OFFSET_S
  if (period === '1week') {
    // 1970-01-01 was a Thursday: Monday-based weekday = (days + 3) mod 7.
    const weekday = (((days + 3) % 7) + 7) % 7
    return (days - weekday) * DAY - KLINE_UTC_OFFSET_S
  }
  const d = new Date(local * 1000)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000 - KLINE_UTC_OFFSET_S
}
