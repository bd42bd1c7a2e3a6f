// What the user center shows and does without a server: the account name, the one identity badge, and which
// "Download app" path a browser gets (with the kept install prompt used exactly once).
import { describe, expect, it, vi } from 'vitest'
import type { UserInfo } from '../../common/api/account'
import { accountDisplay, identityBadge, shortAddress } from '../../src/features/user-center'
import {
  captureInstallPrompt,
  installPath,
  installStore,
  isIos,
  isStandalone,
  promptInstall,
} from '../../src/pwa/install'

const base = {
  account: 'x',
  email: null,
  area_code: null,
  phone: null,
  wallet_address: null,
} satisfies Partial<UserInfo>

describe('accountDisplay', () => {
  it.each([
    [
      { ...base, email: 'ann@example.com' },
      { kind: 'email', text: 'ann@example.com' },
    ],
    [
      { ...base, area_code: '86', phone: '13800001234' },
      { kind: 'phone', text: '+86 13800001234' },
    ],
    [
      { ...base, wallet_address: '0x52908400098527886e0f7030069857d2e4169ee7' },
      { kind: 'wallet', text: '0x5290…9ee7' },
    ],
    // a wallet account that linked an e-mail is shown by its e-mail
    [
      { ...base, email: 'w@example.com', wallet_address: '0x52908400098527886e0f7030069857d2e4169ee7' },
      { kind: 'email', text: 'w@example.com' },
    ],
    [
      { ...base, account: 'server name' },
      { kind: 'email', text: 'server name' },
    ],
  ])('%o → %o', (user, shown) => {
    expect(accountDisplay(user)).toEqual(shown)
  })

  it('leaves short strings unshortened', () => {
    expect(shortAddress('0x1234')).toBe('0x1234')
  })
})

describe('identityBadge', () => {
  it.each([
    ['none', 'none', 'none', null],
    ['review', 'none', 'review', 'basic'],
    ['verified', 'none', 'verified', 'basic'],
    ['verified', 'review', 'review', 'advanced'],
    ['verified', 'verified', 'verified', 'advanced'],
    ['rejected', 'none', 'rejected', 'basic'],
    // a rejection needs the user's action and outranks what is already verified
    ['verified', 'rejected', 'rejected', 'advanced'],
  ] as const)('basic %s, advanced %s → %s (%s)', (basic, advanced, state, tier) => {
    expect(identityBadge({ basic, advanced })).toEqual({ state, tier })
  })
})

describe('install path', () => {
  it('prefers installed, then the browser prompt, then iOS steps, then generic steps', () => {
    expect(installPath({ installed: true, canPrompt: true, ios: false })).toBe('installed')
    expect(installPath({ installed: false, canPrompt: true, ios: false })).toBe('prompt')
    expect(installPath({ installed: false, canPrompt: false, ios: true })).toBe('ios')
    expect(installPath({ installed: false, canPrompt: false, ios: false })).toBe('manual')
  })

  it('recognises iPhone, and iPadOS that calls itself a Mac but has a touch screen', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1'
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15'
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36'
    expect(isIos(iphone, 5)).toBe(true)
    expect(isIos(mac, 5)).toBe(true)
    expect(isIos(mac, 0)).toBe(false)
    expect(isIos(android, 5)).toBe(false)
  })

  it('is standalone when display-mode matches or iOS says navigator.standalone', () => {
    const mm = (matches: boolean) => () => ({ matches }) as MediaQueryList
    expect(isStandalone({ matchMedia: mm(true), navigator: {} as Navigator })).toBe(true)
    expect(isStandalone({ matchMedia: mm(false), navigator: { standalone: true } as unknown as Navigator })).toBe(true)
    expect(isStandalone({ matchMedia: mm(false), navigator: {} as Navigator })).toBe(false)
  })
})

describe('install prompt capture', () => {
  function fakeWindow() {
    const target = new EventTarget()
    return Object.assign(target, { matchMedia: () => ({ matches: false }), navigator: {} }) as unknown as Window
  }
  function promptEvent(outcome: 'accepted' | 'dismissed') {
    const e = new Event('beforeinstallprompt', { cancelable: true })
    const prompt = vi.fn(async () => undefined)
    Object.assign(e, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) })
    return { e, prompt }
  }

  it('keeps the event, blocks the mini-infobar, and opens the dialog once from the kept event', async () => {
    const win = fakeWindow()
    const stop = captureInstallPrompt(win)
    expect(installStore).toMatchObject({ canPrompt: false, installed: false })
    expect(await promptInstall()).toBe('unavailable')

    const { e, prompt } = promptEvent('dismissed')
    win.dispatchEvent(e)
    expect(e.defaultPrevented).toBe(true)
    expect(installStore.canPrompt).toBe(true)
    expect(await promptInstall()).toBe('dismissed')
    expect(prompt).toHaveBeenCalledTimes(1)
    expect(installStore).toMatchObject({ canPrompt: false, installed: false })
    expect(await promptInstall()).toBe('unavailable') // an event works once

    const second = promptEvent('accepted')
    win.dispatchEvent(second.e)
    expect(await promptInstall()).toBe('accepted')
    expect(installStore.installed).toBe(true)
    stop()
  })

  it('marks the app installed on appinstalled and forgets a kept prompt', async () => {
    const win = fakeWindow()
    const stop = captureInstallPrompt(win)
    win.dispatchEvent(promptEvent('accepted').e)
    win.dispatchEvent(new Event('appinstalled'))
    expect(installStore).toMatchObject({ canPrompt: false, installed: true })
    expect(await promptInstall()).toBe('unavailable')
    stop()
  })
})
