/**
 * dayjs locale data per app locale, loaded lazily (one small chunk each) for relative times such as "5 minutes ago".
 * Dates themselves are always YYYY-MM-DD HH:mm:ss (spec §9) and need no locale. This module is itself loaded on
 * first use (./relative-time.ts), not at start-up.
 */
import dayjs from 'dayjs'
import relativeTime from 'dayjs/plugin/relativeTime'
import type { Locale } from '../../common/constants'

dayjs.extend(relativeTime)

type DayjsLocale = Parameters<typeof dayjs.locale>[0]
type Loader = () => Promise<{ default: DayjsLocale }>

const loaders: Record<Exclude<Locale, 'en'>, Loader> = {
  'zh-CN': () => import('dayjs/locale/zh-cn'),
  'zh-TW': () => import('dayjs/locale/zh-tw'),
  es: () => import('dayjs/locale/es'),
  hi: () => import('dayjs/locale/hi'),
  ko: () => import('dayjs/locale/ko'),
  ja: () => import('dayjs/locale/ja'),
  pt: () => import('dayjs/locale/pt'),
  vi: () => import('dayjs/locale/vi'),
  id: () => import('dayjs/locale/id'),
}

/** Makes `locale` dayjs's global locale (English is built in). Falls back to English if the chunk fails to load. */
export async function activateDayjsLocale(locale: Locale): Promise<void> {
  if (locale === 'en') {
    dayjs.locale('en')
    return
  }
  try {
    const mod = await loaders[locale]()
    dayjs.locale(mod.default)
  } catch {
    dayjs.locale('en')
  }
}

/** `from` relative to `now` (both epoch ms) in dayjs's current locale, e.g. "5 minutes ago". */
export function relativeFormat(from: number, now: number): string {
  return dayjs(from).from(now)
}
