// Every message of the app is translated into all ten locales, with the same placeholders as the English source.
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../common/constants'
import { placeholders, readPo } from '../helpers/ui-po'

const file = (locale: string) => new URL(`../../locales/${locale}/messages.po`, import.meta.url)
const source = readPo(file('en').pathname)

describe('locale catalogs', () => {
  it('has an English source catalog with messages', () => {
    expect(source.size).toBeGreaterThan(50)
  })

  it.each(LOCALES)('%s translates every message', (locale) => {
    expect(existsSync(file(locale))).toBe(true)
    const catalog = readPo(file(locale).pathname)
    const missing = [...source.keys()].filter((id) => !catalog.get(id)?.trim())
    expect(missing, `untranslated in ${locale}`).toEqual([])
    const extra = [...catalog.keys()].filter((id) => !source.has(id))
    expect(extra, `not in the source catalog (run lingui extract --clean)`).toEqual([])
  })

  it.each(LOCALES)('%s keeps the placeholders of every message', (locale) => {
    const catalog = readPo(file(locale).pathname)
    const mismatched = [...source].flatMap(([id, en]) => {
      const tr = catalog.get(id)
      if (!tr) return []
      const want = placeholders(en).join(',')
      const got = placeholders(tr).join(',')
      return want === got ? [] : [`${id}: {${want}} vs {${got}}`]
    })
    expect(mismatched).toEqual([])
  })
})
