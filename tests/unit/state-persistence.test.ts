// Client state of spec §3 persists under the spec's keys (common/constants STORAGE_KEYS) and is restored at start;
// bad stored values fall back to the defaults (en, light, BTC/USDT).
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../../common/constants'
import { DEFAULT_DEAL_SYMBOL } from '../../common/market'
import { installMemoryStorage, type MemoryStorage } from '../helpers/ui-storage'
import { userInfo } from '../helpers/ui-user'

let storage: MemoryStorage

/** A stored user as `user/info` answers it (USERINFO is validated against common/api/account on load). */
const ann = userInfo({ identity: { basic: 'none', advanced: 'none' }, created_at: '2025-01-02 03:04:05' })

beforeEach(() => {
  vi.resetModules()
  vi.unstubAllGlobals()
  storage = installMemoryStorage()
})

/** Imports the stores fresh, as a page load would. */
async function freshStores() {
  return {
    token: await import('../../src/state/token'),
    user: await import('../../src/state/user'),
    language: await import('../../src/state/language'),
    theme: await import('../../src/state/theme'),
    deal: await import('../../src/state/deal-symbol'),
    system: await import('../../src/state/system'),
    session: await import('../../src/state/session'),
    favourites: await import('../../src/state/favourites'),
  }
}

describe('persisted client state', () => {
  it('uses the spec key names', () => {
    expect(STORAGE_KEYS).toMatchObject({ token: 'LOGIN_TOKEN', user: 'USERINFO', language: 'LANGUAGE_KEY' })
  })

  it('starts with the defaults: no token, en, light theme, BTC/USDT in every area', async () => {
    vi.stubGlobal('navigator', { languages: ['fr-FR', 'de'] })
    const s = await freshStores()
    expect(s.token.getToken()).toBeNull()
    expect(s.language.languageStore.locale).toBe('en')
    expect(s.theme.themeStore.theme).toBe('light')
    for (const area of ['trade', 'lever', 'option'] as const) {
      expect(s.deal.dealSymbolStore[area]).toEqual(DEFAULT_DEAL_SYMBOL)
    }
  })

  it("defaults to the browser's language when it is one of ours", async () => {
    vi.stubGlobal('navigator', { languages: ['zh-TW', 'en'] })
    expect((await freshStores()).language.languageStore.locale).toBe('zh-TW')
  })

  it('writes every store under its key and restores it on the next load', async () => {
    const s = await freshStores()
    s.token.setToken('t-123')
    s.user.setUser(ann)
    s.language.setLanguage('ja')
    s.theme.setTheme('dark')
    const eth = {
      ...DEFAULT_DEAL_SYMBOL,
      currency_id: 2,
      currency_name: 'ETH',
      symbol: 'ETH-USDT',
      extends: 'ETH-USDT',
      logo: '/coins/eth.svg',
    }
    s.deal.setDealSymbol('lever', { ...eth, category: 'futures', price_precision: 2 } as typeof eth)

    expect(storage.json(STORAGE_KEYS.token)).toBe('t-123')
    expect(storage.json(STORAGE_KEYS.user)).toEqual(ann)
    expect(storage.json(STORAGE_KEYS.language)).toBe('ja')
    expect(storage.json(STORAGE_KEYS.theme)).toBe('dark')
    // Only the dealSymbol fields of spec §3 are kept, whatever else the caller's item carried.
    expect((storage.json(STORAGE_KEYS.dealSymbol) as Record<string, unknown>).lever).toEqual(eth)

    vi.resetModules()
    const again = await freshStores()
    expect(again.token.getToken()).toBe('t-123')
    expect(again.user.userStore.info).toEqual(ann)
    expect(again.language.languageStore.locale).toBe('ja')
    expect(again.theme.themeStore.theme).toBe('dark')
    expect(again.deal.dealSymbolStore.lever).toEqual(eth)
    expect(again.deal.dealSymbolStore.trade).toEqual(DEFAULT_DEAL_SYMBOL)
  })

  it("logout clears token, user info and the account's favourites, keeping language and theme", async () => {
    const s = await freshStores()
    s.token.setToken('t')
    s.user.setUser(ann)
    s.theme.setTheme('dark')
    s.favourites.setFavourites(['ethusdt'])
    await s.session.logout()
    expect(s.session.isLoggedIn()).toBe(false)
    expect(storage.getItem(STORAGE_KEYS.token)).toBeNull()
    expect(storage.getItem(STORAGE_KEYS.user)).toBeNull()
    expect(storage.json(STORAGE_KEYS.theme)).toBe('dark')
    expect(s.favourites.favouritesStore.symbols, 'the next person on this phone').toEqual([])
    // A start without a session (restore logs out) keeps the stars made signed out.
    s.favourites.setFavourites(['solusdt'])
    s.session.restoreSession({ userInfo: () => Promise.reject(new Error('not called')) })
    expect(s.favourites.favouritesStore.symbols).toEqual(['solusdt'])
  })

  it('ignores corrupt or foreign values', async () => {
    storage.setItem(STORAGE_KEYS.language, JSON.stringify('klingon'))
    storage.setItem(STORAGE_KEYS.theme, '{not json')
    storage.setItem(STORAGE_KEYS.dealSymbol, JSON.stringify({ trade: { symbol: 1 } }))
    storage.setItem(STORAGE_KEYS.system, JSON.stringify({ web_maintain: 'no' }))
    vi.stubGlobal('navigator', { languages: [] })
    const s = await freshStores()
    expect(s.language.languageStore.locale).toBe('en')
    expect(s.theme.themeStore.theme).toBe('light')
    expect(s.deal.dealSymbolStore.trade).toEqual(DEFAULT_DEAL_SYMBOL)
    expect(s.system.systemStore.config).toBeNull()
  })

  it('keeps the last config for offline starts and reads the maintenance flag (1 = off)', async () => {
    const s = await freshStores()
    const config = {
      web_maintain: 1,
      customer_url: 'https://example.com/cs',
      site_name: 'TC Market',
      market_source: 'sim' as const,
      market_live: false,
      market_source_detail: 'sim',
      market_fallback: false,
      live_trading: true,
      market_feed: [],
      market_port: 8292,
      server_time: 1,
      invite_required: false,
    }
    s.system.setConfig(config)
    expect(s.system.isMaintenance(config)).toBe(false)
    expect(s.system.isMaintenance({ ...config, web_maintain: 0 })).toBe(true)
    vi.resetModules()
    expect((await freshStores()).system.systemStore.config).toEqual(config)
  })

  it('only remembers same-origin paths as the back-url', async () => {
    const back = await import('../../src/state/back-url')
    back.setBackUrl('//evil.example/x')
    expect(back.getBackUrl()).toBeNull()
    back.setBackUrl('/kline?symbol=btcusdt')
    expect(back.getBackUrl()).toBe('/kline?symbol=btcusdt')
  })
})
