import type { Locale } from './constants'

/**
 * Language list of `common/get_lang` (spec §3 "Language item: label, value, key"): `label` is the language's own
 * name (as a native speaker writes it), `value` the Lingui locale, `key` the Accept-Language tag.
 */
export interface LanguageItem {
  label: string
  value: Locale
  key: string
}

export const LANGUAGES: readonly LanguageItem[] = [
  { label: 'English', value: 'en', key: 'en' },
  { label: '简体中文', value: 'zh-CN', key: 'zh-CN' },
  { label: '繁體中文', value: 'zh-TW', key: 'zh-TW' },
  { label: 'Español', value: 'es', key: 'es' },
  { label: 'हिन्दी', value: 'hi', key: 'hi' },
  { label: '한국어', value: 'ko', key: 'ko' },
  { label: '日本語', value: 'ja', key: 'ja' },
  { label: 'Português', value: 'pt', key: 'pt' },
  { label: 'Tiếng Việt', value: 'vi', key: 'vi' },
  { label: 'Bahasa Indonesia', value: 'id', key: 'id' },
]

/**
 * Picks the best of our locales for an Accept-Language header (or any tag list), falling back to `en`.
 * `zh`, `zh-Hans`, `zh-SG` map to zh-CN; `zh-Hant`, `zh-HK`, `zh-MO` to zh-TW; `pt-BR` to pt; `in` (old Java tag) to id.
 */
export function pickLocale(header: string | null | undefined): Locale {
  if (!header) return 'en'
  const tags = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.find((p) => p.trim().startsWith('q='))
      return { tag: (tag ?? '').trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 }
    })
    .filter((t) => t.tag && !Number.isNaN(t.q))
    .sort((a, b) => b.q - a.q)
  for (const { tag } of tags) {
    const found = matchTag(tag)
    if (found) return found
  }
  return 'en'
}

function matchTag(tag: string): Locale | undefined {
  if (tag.startsWith('zh')) {
    return /hant|tw|hk|mo/.test(tag) ? 'zh-TW' : 'zh-CN'
  }
  const base = tag.split('-')[0]
  if (base === 'in') return 'id'
  return LANGUAGES.find((l) => l.value === base)?.value
}
