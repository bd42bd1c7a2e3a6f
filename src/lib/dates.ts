/**
 * Dates as the app shows them: `YYYY-MM-DD HH:mm:ss` in local time (spec §9). Apart from ./format.ts so that the
 * market lists on the way to the first price do not bring dayjs with them (issue 9).
 */
import dayjs from 'dayjs'
import { DATE_FORMAT } from '../../common/constants'

/** Epoch ms (or a date string dayjs parses) as `YYYY-MM-DD HH:mm:ss` in local time (spec §9). */
export function formatDateTime(value: number | string | Date): string {
  return dayjs(value).format(DATE_FORMAT)
}

/**
 * A server date `YYYY-MM-DD HH:mm:ss` in UTC (the API's date format) shown in local time, same format. Text that
 * does not parse is returned unchanged.
 */
export function formatUtcDateTime(utc: string): string {
  const d = new Date(`${utc.trim().replace(' ', 'T')}Z`)
  return Number.isNaN(d.getTime()) ? utc : formatDateTime(d)
}
