/**
 * `area_code/get_area_code`: every country calling code from the `countries-list` dataset (a country with several
 * codes yields several items), names from `i18n-iso-countries` in the request's language, sorted by that language's
 * collation. zh-TW uses the runtime's CLDR names (Intl.DisplayNames), as the dataset has only Simplified Chinese.
 */
import { createRequire } from 'node:module'
import { countries } from 'countries-list'
import type { LocaleData } from 'i18n-iso-countries'
import { z } from 'zod'
import { areaCodeItemSchema, type AreaCodeItem } from '../../common/api/public'
import type { Locale } from '../../common/constants'
import type * as IsoCountries from 'i18n-iso-countries'
import { defineRoute } from './route'

const require = createRequire(import.meta.url)
// The package's plain index registers no locale, unlike its Node entry that loads all 80.
const isoNames = require('i18n-iso-countries/index.js') as typeof IsoCountries

/** Dataset language of each interface locale. */
const DATASET_LANG: Record<Locale, string> = {
  en: 'en',
  'zh-CN': 'zh',
  'zh-TW': 'zh',
  es: 'es',
  hi: 'hi',
  ko: 'ko',
  ja: 'ja',
  pt: 'pt',
  vi: 'vi',
  id: 'id',
}
for (const lang of new Set(Object.values(DATASET_LANG))) {
  isoNames.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`) as LocaleData)
}

const cache = new Map<Locale, AreaCodeItem[]>()

/**
 * The dataset's default name is often the official long form ("People's Republic of China"); a picker reads better
 * with the short alias ("China") when there is one that is shorter, has no comma, is not an abbreviation ("UK")
 * and is not shared with another country ("Congo").
 */
function shortNames(lang: string): Map<string, string> {
  const codes = Object.keys(isoNames.getAlpha2Codes())
  const aliases = codes.map((iso) => isoNames.getName(iso, lang, { select: 'alias' }))
  const out = new Map<string, string>()
  codes.forEach((iso, i) => {
    const official = isoNames.getName(iso, lang)
    const alias = aliases[i]
    if (!official) return
    const usable =
      alias &&
      alias.length <= official.length &&
      !alias.includes(',') &&
      alias !== alias.toUpperCase() &&
      aliases.indexOf(alias) === aliases.lastIndexOf(alias)
    out.set(iso, usable ? alias : official)
  })
  return out
}

/** Calling codes with country names in `locale`, sorted by name. Computed once per locale. */
export function areaCodes(locale: Locale): AreaCodeItem[] {
  const hit = cache.get(locale)
  if (hit) return hit
  const regionNames = locale === 'zh-TW' ? new Intl.DisplayNames(['zh-TW'], { type: 'region' }) : undefined
  const names = shortNames(DATASET_LANG[locale])
  const english = locale === 'en' ? names : shortNames('en')
  const items: AreaCodeItem[] = []
  for (const [iso, country] of Object.entries(countries)) {
    const cldr = regionNames?.of(iso)
    const name = (cldr !== iso ? cldr : undefined) ?? names.get(iso) ?? english.get(iso) ?? country.name
    for (const code of country.phone) items.push({ name, area_code: String(code), iso })
  }
  const collator = new Intl.Collator(locale)
  items.sort((a, b) => collator.compare(a.name, b.name) || a.area_code.localeCompare(b.area_code))
  cache.set(locale, items)
  return items
}

export const areaCodeRoute = defineRoute({
  path: 'area_code/get_area_code',
  summary: 'Every country calling code (without "+") with the country name in the request language, sorted by name.',
  data: z.array(areaCodeItemSchema),
  cache: { topics: [] },
  handler: ({ locale }) => areaCodes(locale),
})
