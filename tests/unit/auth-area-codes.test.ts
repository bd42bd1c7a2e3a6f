// The area-code picker's search (spec §2: by name or code, substring), on the server's real list: a code finds
// itself first, "+1" means codes starting with 1, a name is found without its accents, and the default code
// follows the interface language.
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../common/constants'
import { areaCodes } from '../../server/api/area-code'
import { DEFAULT_AREA_CODE, searchAreaCodes } from '../../src/features/auth/area-codes'

const en = areaCodes('en')
const codesOf = (q: string, items = en) => searchAreaCodes(items, q).map((i) => `${i.iso}+${i.area_code}`)

describe('searchAreaCodes', () => {
  it('"86" puts China first, then the other codes containing 86 (+886, not +856)', () => {
    const found = codesOf('86')
    expect(found[0]).toBe('CN+86')
    expect(found).toEqual(expect.arrayContaining(['TW+886', 'KI+686']))
    expect(found).not.toContain('LA+856')
    expect(found.every((c) => c.split('+')[1]!.includes('86'))).toBe(true)
  })

  it('"+1" finds the +1 countries and +1xxx codes, not +81 or +61', () => {
    const found = codesOf('+1')
    expect(found.slice(0, 3)).toEqual(expect.arrayContaining(['US+1', 'CA+1']))
    expect(found.every((c) => c.split('+')[1]!.startsWith('1'))).toBe(true)
    expect(found).not.toContain('JP+81')
  })

  it('matches a name anywhere in it, ignoring case: "chin" finds China', () => {
    expect(codesOf('chin')).toContain('CN+86')
    expect(codesOf('CHIN')[0]).toBe('CN+86') // a name starting with the query comes before one containing it
    expect(codesOf('kingdom')).toContain('GB+44')
  })

  it('ignores accents: "peru" finds Perú in Spanish, and names in the list language are searched', () => {
    expect(codesOf('peru', areaCodes('es'))).toContain('PE+51')
    expect(codesOf('中国', areaCodes('zh-CN'))).toContain('CN+86')
    expect(codesOf('日本', areaCodes('ja'))).toEqual(['JP+81'])
  })

  it('an empty query lists everything; a query matching nothing lists nothing', () => {
    expect(searchAreaCodes(en, '  ')).toHaveLength(en.length)
    expect(searchAreaCodes(en, 'zzzz')).toEqual([])
    expect(searchAreaCodes(en, '+999999')).toEqual([])
  })
})

describe('DEFAULT_AREA_CODE', () => {
  it('is a real code of the list for every language', () => {
    const codes = new Set(en.map((i) => i.area_code))
    for (const locale of LOCALES) expect(codes.has(DEFAULT_AREA_CODE[locale])).toBe(true)
    expect(DEFAULT_AREA_CODE['zh-CN']).toBe('86')
  })
})
