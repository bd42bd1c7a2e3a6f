/**
 * The interface language (spec §3 language_key), persisted under LANGUAGE_KEY. Default: the stored choice, else the
 * browser's language when it is one of ours, else en (spec §9). Switching the catalogs is src/i18n's job
 * (`changeLocale`); this module only remembers the choice.
 */
import { proxy } from 'valtio'
import { DEFAULT_LOCALE, LOCALES, STORAGE_KEYS, type Locale } from '../../common/constants'
import { LANGUAGES, pickLocale } from '../../common/locales'
import { readStored, writeStored } from './storage'

function isLocale(value: unknown): value is Locale {
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

export interface LanguageState {
  locale: Locale
}

export const languageStore = proxy<LanguageState>({ locale: initialLocale() })

/** Records and persists the chosen locale. Call through i18n `changeLocale` so the catalogs follow. */
export function setLanguage(locale: Locale): void {
  languageStore.locale = locale
  writeStored(STORAGE_KEYS.language, locale)
}

/** The Accept-Language value of the current locale (the language item's `key`). */
export function acceptLanguage(): string {
  const { locale } = languageStore
  return LANGUAGES.find((l) => l.value === locale)?.key ?? locale
}
