/**
 * Lingui set-up: one lazily loaded catalog per locale (locales/{locale}/messages.po, compiled by the Vite plugin and
 * precached by the service worker), activated before the first render and switchable at runtime. Also keeps
 * `<html lang>` in step with the interface language (relative times follow it too: ./relative-time.ts).
 */
import { i18n } from '@lingui/core'
import type { Locale } from '../../common/constants'
import { setLanguage } from '../state/language'
import { loadMessages } from './catalogs'

export { i18n }

/**
 * Loads and activates `locale`: catalog, `<html lang>`, and the persisted choice (LANGUAGE_KEY).
 * Rejects if the catalog cannot be loaded (then the previous language stays active).
 */
export async function changeLocale(locale: Locale): Promise<void> {
  const messages = await loadMessages(locale)
  i18n.loadAndActivate({ locale, messages })
  if (typeof document !== 'undefined') document.documentElement.lang = locale
  setLanguage(locale)
}
