/**
 * Relative times ("5 minutes ago") in the interface language. dayjs, its relativeTime plugin and the locale's data
 * are loaded on first use: only the feed status line needs them, and it shows only while the market feed is down,
 * so they stay off the way to the first price (issue 9).
 */
import { i18n } from '@lingui/core'
import type { Locale } from '../../common/constants'
import type * as DayjsLocales from './dayjs-locales'

/** Formats the time `from` relative to `now` (both epoch ms), e.g. "5 minutes ago". */
export type RelativeFormat = (from: number, now: number) => string

let loaded: Promise<typeof DayjsLocales> | undefined

/**
 * Loads (once) the relative-time formatter and makes `locale` its language; English when that locale's data cannot
 * be loaded. When the formatter's own chunk cannot be loaded (the server went down before the service worker had
 * cached it, which is exactly when the feed line needs it), falls back to the browser's `Intl.RelativeTimeFormat`
 * in `locale`; a later call tries the chunk again. Never rejects.
 * @param locale default: the active interface language
 * @param importChunk the chunk's import (tests)
 */
export async function loadRelativeTime(
  locale: Locale = i18n.locale as Locale,
  importChunk: () => Promise<typeof DayjsLocales> = () => import('./dayjs-locales'),
): Promise<RelativeFormat> {
  loaded ??= importChunk()
  try {
    const mod = await loaded
    await mod.activateDayjsLocale(locale)
    return mod.relativeFormat
  } catch (err) {
    loaded = undefined
    console.warn('relative-time chunk not loaded; using Intl.RelativeTimeFormat', err)
    return intlRelativeFormat(locale)
  }
}

/** Largest unit first: seconds per unit. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]

/**
 * "5 minutes ago" from the browser's own data: the largest whole unit (days, hours, minutes, seconds), at least
 * "1 second ago". Wording differs slightly from dayjs's ("5 minutes ago" alike; "1 minute ago" where dayjs says "a
 * minute ago").
 */
export function intlRelativeFormat(locale: Locale): RelativeFormat {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  return (from, now) => {
    // At least a second: "prices from now" would read as live.
    const seconds = Math.max(1, Math.round((now - from) / 1000))
    const [unit, size] = UNITS.find(([, s]) => seconds >= s) ?? ['second', 1]
    return format.format(-Math.trunc(seconds / size), unit)
  }
}
