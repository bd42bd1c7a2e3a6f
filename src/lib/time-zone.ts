/** The device's time zone, without dayjs (src/api is on the way to the first screen). */

/** An IANA zone name the server accepts (common/api/income.ts timeZoneField). */
const TIME_ZONE = /^[A-Za-z0-9/_+-]{1,64}$/

/**
 * This device's IANA time zone ("Asia/Tokyo"), where "today" starts for the income on Assets; "UTC" when the browser
 * gives none or one the server would refuse.
 */
export function deviceTimeZone(): string {
  try {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone
    return tz && TIME_ZONE.test(tz) ? tz : 'UTC'
  } catch {
    return 'UTC'
  }
}
