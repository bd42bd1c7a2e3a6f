/**
 * The interface language (spec §3 language_key), persisted under LANGUAGE_KEY. Default: the stored choice, else the
 * browser's language when it is one of ours, else en (spec §9). Switching the catalogs is src/i18n's job
 * (`changeLocale`); this module only remembers the choice.
 */
import { proxy } from 'valtio'
import { STORAGE_KEYS, type Locale } from '../../common/constants'
import { acceptLanguageOf, initialLocale } from './locale-choice'
import { writeStored } from './storage'

export { browserLocale, initialLocale } from './locale-choice'

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
  return acceptLanguageOf(languageStore.locale)
}
