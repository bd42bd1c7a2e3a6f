/**
 * The service worker's Web Push handling (src/pwa/push-handler.ts, wired in src/sw.ts), driven with fakes of the
 * worker's registration and clients: a push shows its notification (or the generic one when its payload is unreadable)
 * and a tap focuses and navigates an open window of the app, or opens one, never leaving the app's origin.
 */
import { describe, expect, it, vi, type Mock } from 'vitest'
import {
  APP_NAME,
  GENERIC_TAG,
  NOTIFICATION_ICON,
  openFromNotification,
  showPush,
  type ClientsLike,
  type PushDataLike,
  type RegistrationLike,
  type WindowClientLike,
} from '../../src/pwa/push-handler'

const ORIGIN = 'https://tc.example'

/** `PushEvent.data` for a JSON body (or a body `json()` cannot parse). */
const pushData = (body: unknown): PushDataLike => ({
  json: () => (typeof body === 'string' ? (JSON.parse(body) as unknown) : body),
})

function fakeRegistration() {
  const shown: { title: string; options: NotificationOptions | undefined }[] = []
  const registration: RegistrationLike = {
    showNotification: async (title, options) => void shown.push({ title, options }),
  }
  return { registration, shown }
}

interface FakeWindow extends WindowClientLike {
  url: string
  focus: Mock<() => Promise<WindowClientLike>>
  navigate: Mock<(url: string) => Promise<WindowClientLike | null>>
}

/** A window of the app at `url`; focus() resolves to itself, navigate() moves it (or rejects, when uncontrolled). */
function fakeWindow(url: string, { focused = false, controlled = true } = {}): FakeWindow {
  const win: FakeWindow = {
    url,
    focused,
    focus: vi.fn(async () => win),
    navigate: vi.fn(async (to: string) => {
      if (!controlled) throw new TypeError('not controlled')
      win.url = to
      return win
    }),
  }
  return win
}

function fakeClients(windows: WindowClientLike[]) {
  const clients = {
    matchAll: vi.fn(async () => windows),
    openWindow: vi.fn(async (_url: string) => null),
  } satisfies ClientsLike
  return clients
}

const valid = {
  title: 'BTC/USDT reached 70,000',
  body: 'Your price alert fired at 70,012.5',
  url: '/market/btcusdt',
  tag: 'price_alert:42',
  kind: 'price_alert',
}

describe('push', () => {
  it('shows a valid payload: its title, body, tag and url, with the app icon', async () => {
    const { registration, shown } = fakeRegistration()
    await showPush(registration, pushData(JSON.stringify(valid)))
    expect(shown).toEqual([
      {
        title: valid.title,
        options: {
          body: valid.body,
          tag: valid.tag,
          icon: NOTIFICATION_ICON,
          data: { url: valid.url, kind: 'price_alert' },
        },
      },
    ])
  })

  it.each([
    ['a body that is not JSON', pushData('not json {')],
    ['no payload', null],
    ['a missing field', pushData({ ...valid, title: undefined })],
    ['an absolute url', pushData({ ...valid, url: 'https://evil.example/phish' })],
    ['a protocol-relative url', pushData({ ...valid, url: '//evil.example/phish' })],
    ['an unknown kind', pushData({ ...valid, kind: 'spam' })],
  ])('does not throw on %s and shows only the generic notification', async (_, data) => {
    const { registration, shown } = fakeRegistration()
    await expect(showPush(registration, data)).resolves.toBeUndefined()
    expect(shown).toEqual([
      { title: APP_NAME, options: { tag: GENERIC_TAG, icon: NOTIFICATION_ICON, data: { url: '/' } } },
    ])
  })
})

describe('notification tap', () => {
  it('focuses the open window of the app and navigates it to the url', async () => {
    const other = fakeWindow(`${ORIGIN}/home`)
    const focused = fakeWindow(`${ORIGIN}/assets`, { focused: true })
    const clients = fakeClients([other, focused])
    await openFromNotification(clients, { url: '/market/btcusdt' }, ORIGIN)
    expect(focused.focus).toHaveBeenCalled()
    expect(focused.navigate).toHaveBeenCalledWith(`${ORIGIN}/market/btcusdt`)
    expect(other.focus).not.toHaveBeenCalled()
    expect(clients.openWindow).not.toHaveBeenCalled()
  })

  it('focuses a window already at the url without reloading it', async () => {
    const win = fakeWindow(`${ORIGIN}/market/btcusdt`)
    const clients = fakeClients([win])
    await openFromNotification(clients, { url: '/market/btcusdt' }, ORIGIN)
    expect(win.focus).toHaveBeenCalled()
    expect(win.navigate).not.toHaveBeenCalled()
    expect(clients.openWindow).not.toHaveBeenCalled()
  })

  it.each([
    ['no window', []],
    ['only a window of another origin', [fakeWindow('https://elsewhere.example/', { focused: true })]],
  ])('opens a new window at the url with %s', async (_, windows) => {
    const clients = fakeClients(windows)
    await openFromNotification(clients, { url: '/market/btcusdt?tab=alerts' }, ORIGIN)
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/market/btcusdt?tab=alerts`)
    for (const w of windows) expect(w.navigate).not.toHaveBeenCalled()
  })

  it('opens a new window when the open one cannot be navigated (not controlled by the worker)', async () => {
    const clients = fakeClients([fakeWindow(`${ORIGIN}/home`, { controlled: false })])
    await openFromNotification(clients, { url: '/assets' }, ORIGIN)
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/assets`)
  })

  it.each([
    ['an absolute url', 'https://evil.example/phish'],
    ['a protocol-relative url', '//evil.example/phish'],
    ['a backslash host', '/\\evil.example/phish'],
    ['a javascript: url', 'javascript:alert(1)'],
    ['a relative path', 'market/btcusdt'],
    ['no url', undefined],
  ])('refuses %s: opens "/" instead', async (_, url) => {
    const clients = fakeClients([])
    await openFromNotification(clients, url === undefined ? null : { url }, ORIGIN)
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`)
    const win = fakeWindow(`${ORIGIN}/home`, { focused: true })
    await openFromNotification(fakeClients([win]), { url }, ORIGIN)
    expect(win.navigate).toHaveBeenCalledWith(`${ORIGIN}/`)
  })
})
