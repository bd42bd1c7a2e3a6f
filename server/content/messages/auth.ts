/** Server messages of the auth module, in the ten interface languages. */
import type { MessageTable } from './table'

export const AUTH_MESSAGES = {
  en: {},
  'zh-CN': {},
  'zh-TW': {},
  es: {},
  hi: {},
  ko: {},
  ja: {},
  pt: {},
  vi: {},
  id: {},
} satisfies MessageTable
