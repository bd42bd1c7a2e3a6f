/**
 * Area-code search of the picker (spec §2 "searchable by name or code, substring match"): a query matches an item
 * when it is a substring of the country name (case- and accent-insensitive) or of the code written `+<code>`, so
 * "86" finds +86, +886 and +856, "+1" finds +1 and +1242 but not +81, and "chin" finds China. Best matches first.
 */
import type { AreaCodeItem } from '../../../common/api/public'
import type { Locale } from '../../../common/constants'
import type { AccountDraft } from './validation'

/** Lower case, accents removed ("Perú" → "peru"), so typing without accents still finds the name. */
export function foldText(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase()
}

/**
 * Items matching `query`, in the order: exact code, code starting with the digits, name starting with the query,
 * then any other match; within a group the list's own order (the server sorts by name in the user's language).
 * An empty query returns every item.
 */
export function searchAreaCodes(items: readonly AreaCodeItem[], query: string): AreaCodeItem[] {
  const q = foldText(query.trim())
  if (!q) return [...items]
  const digits = q.replace(/^\+/, '')
  const isCode = /^\d+$/.test(digits)
  const ranked: { item: AreaCodeItem; rank: number; at: number }[] = []
  items.forEach((item, at) => {
    const name = foldText(item.name)
    const code = `+${item.area_code}`
    let rank = -1
    if (isCode && item.area_code === digits) rank = 0
    else if (isCode && item.area_code.startsWith(digits)) rank = 1
    else if (name.startsWith(q)) rank = 2
    else if (name.includes(q) || code.includes(q) || item.iso.toLowerCase() === q) rank = 3
    if (rank >= 0) ranked.push({ item, rank, at })
  })
  ranked.sort((a, b) => a.rank - b.rank || a.at - b.at)
  return ranked.map((r) => r.item)
}

/**
 * The calling code pre-selected for a language, before the user picks one: the country most users of that language
 * sign up from. Only a starting point; the picker changes it.
 */
export const DEFAULT_AREA_CODE: Record<Locale, string> = {
  en: '1',
  'zh-CN': '86',
  'zh-TW': '886',
  es: '34',
  hi: '91',
  ko: '82',
  ja: '81',
  pt: '55',
  vi: '84',
  id: '62',
}

/** An empty e-mail/phone account part of the auth forms, the phone's calling code pre-selected for `locale`. */
export function emptyAccount(locale: string): AccountDraft {
  return { type: 'email', email: '', area_code: DEFAULT_AREA_CODE[locale as Locale] ?? '1', phone: '' }
}
