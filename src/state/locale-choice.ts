/**
 * Which interface language a page starts in, and its Accept-Language value, without the store: the early calls
 * (src/api/early-calls.ts) need both before the app bundle, and its valtio store, are evaluated.
 */
import { DEFAULT_LOCALE, LOCALES, STORAGE_KEYS, type Locale } from '../../common/constants'
import { LANGUAGES, pickLocale } from '../../common/locales'
import { readStored } from './storage'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** The browser's preferred locale among ours, or undefined when none of its languages is offered. */
export function browserLocale(
  languages: readonly string[] | undefined = globalThis.navigator?.languages,
): Locale | undefined {
  if (!languages?.length) return undefined
  const picked = pickLocale(languages.join(','))
  // pickLocale falls back to en; only trust that when the browser actually asked for English.
  if (picked === 'en' && !languages.some((l) => l.toLowerCase().startsWith('en'))) return undefined
  return picked
}

/** Locale to start with: stored choice → browser language → en. */
export function initialLocale(): Locale {
  return readStored<Locale | null>(STORAGE_KEYS.language, isLocale, null) ?? browserLocale() ?? DEFAULT_LOCALE
}

/** The Accept-Language value of `locale` (the language item's `key`). */
export function acceptLanguageOf(locale: Locale): string {
  return LANGUAGES.find((l) => l.value === locale)?.key ?? locale
}
