/** Server messages of the support module, in the ten interface languages. */
import type { MessageTable } from './table'

export const SUPPORT_MESSAGES = {
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
