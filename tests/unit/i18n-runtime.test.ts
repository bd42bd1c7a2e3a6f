// Switching the language at runtime: the catalog is loaded and active, <html lang> follows, the choice persists
// under LANGUAGE_KEY, and relative times ("5 minutes ago") come out in that language.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../../common/constants'
import { installMemoryStorage, type MemoryStorage } from '../helpers/ui-storage'

let storage: MemoryStorage
const html: { lang?: string } = {}

beforeEach(() => {
  vi.resetModules()
  storage = installMemoryStorage()
  vi.stubGlobal('document', { documentElement: html })
})

describe('changeLocale', () => {
  it('activates zh-CN, sets <html lang>, persists the choice and localises relative times', async () => {
    const { changeLocale, i18n } = await import('../../src/i18n')
    await changeLocale('zh-CN')
    expect(i18n.locale).toBe('zh-CN')
    expect(i18n._('nav.market')).toBe('行情')
    expect(i18n._('feed.offlineAge', { age: '5 分钟前' })).toBe('网络已断开 — 行情更新于5 分钟前')
    expect(html.lang).toBe('zh-CN')
    expect(storage.json(STORAGE_KEYS.language)).toBe('zh-CN')
    const { loadRelativeTime } = await import('../../src/i18n/relative-time')
    const now = Date.now()
    expect((await loadRelativeTime())(now - 5 * 60_000, now)).toBe('5 分钟前')

    await changeLocale('en')
    expect(i18n._('nav.market')).toBe('Market')
    expect((await loadRelativeTime())(now - 5 * 60_000, now)).toBe('5 minutes ago')
    expect(html.lang).toBe('en')
  })
})
