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
 * be loaded. Rejects only when the formatter's own chunk cannot be loaded.
 * @param locale default: the active interface language
 */
export async function loadRelativeTime(locale: Locale = i18n.locale as Locale): Promise<RelativeFormat> {
  loaded ??= import('./dayjs-locales')
  const mod = await loaded.catch((err: unknown) => {
    loaded = undefined // a later call may try again (e.g. back online)
    throw err
  })
  await mod.activateDayjsLocale(locale)
  return mod.relativeFormat
}
