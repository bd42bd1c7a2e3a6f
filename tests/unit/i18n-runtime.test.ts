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

  it('relative times still come out, in the language, when the formatter chunk cannot be loaded (server down)', async () => {
    const { loadRelativeTime } = await import('../../src/i18n/relative-time')
    const unreachable = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
    const now = Date.now()
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect((await loadRelativeTime('en', unreachable))(now - 5 * 60_000, now)).toBe('5 minutes ago')
    expect((await loadRelativeTime('en', unreachable))(now, now), 'never "now": that would read as live').toBe(
      '1 second ago',
    )
    expect((await loadRelativeTime('ja', unreachable))(now - 3 * 3_600_000, now)).toBe('3 時間前')
    expect((await loadRelativeTime('es', unreachable))(now - 2 * 86_400_000, now)).toBe('anteayer')
    // Once the chunk loads again, dayjs's wording is back.
    expect((await loadRelativeTime('en'))(now - 60_000, now)).toBe('a minute ago')
  })
})
