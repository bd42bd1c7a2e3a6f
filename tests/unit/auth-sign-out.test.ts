// Logout hygiene (reliability F4): signing out revokes the session on the server when it can, and always clears the
// device: token, USERINFO, back-url, the user's IndexedDB data and non-public Cache Storage caches; the market cache
// and the service worker's public caches stay. A 401 from the request layer clears the same, without a server call.
import { IDBFactory } from 'fake-indexeddb'
import { createStore, get, set } from 'idb-keyval'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../../common/constants'
import { SnapshotStore } from '../../src-worker/persist/snapshot-store'
import { tickerTick } from '../worker/support/frames'
import { envelope, scriptedFetch, type FetchHandler } from '../helpers/ui-fetch'
import { installMemoryStorage, type MemoryStorage } from '../helpers/ui-storage'
import { userInfo } from '../helpers/ui-user'

const ann = userInfo({ identity: { basic: 'verified', advanced: 'none' }, created_at: '2025-01-02 03:04:05' })
const marketTicker = { ...tickerTick(42), symbol: 'btcusdt', ts: 1000, receivedAt: 2000 }

let storage: MemoryStorage
/** idb-keyval's default store, opened on this test's IndexedDB (its own default is cached across tests). */
const keyvalDefault = () => createStore('keyval-store', 'keyval')
let deletedCaches: string[]

beforeEach(() => {
  vi.resetModules()
  vi.unstubAllGlobals()
  storage = installMemoryStorage()
  vi.stubGlobal('indexedDB', new IDBFactory())
  deletedCaches = []
  const names = ['workbox-precache-v2-http://127.0.0.1/', 'api-public', 'user-avatars', 'identity-images']
  vi.stubGlobal('caches', {
    keys: async () => names.filter((n) => !deletedCaches.includes(n)),
    delete: async (n: string) => (deletedCaches.push(n), true),
  })
})

/** A signed-in device: Ann's session and data, plus the public market cache. */
async function signedInDevice(handler: FetchHandler) {
  storage.setItem(STORAGE_KEYS.token, JSON.stringify('tok-ann'))
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(ann))
  storage.setItem(STORAGE_KEYS.backUrl, JSON.stringify('/feedlist'))
  storage.setItem(STORAGE_KEYS.theme, JSON.stringify('dark'))
  await set('feedback-draft', { title: 'my withdrawal' }, keyvalDefault()) // idb-keyval's default database
  await set('orders', [{ id: 1 }], createStore('tc-user-orders', 'rows'))
  await set('tickers', [marketTicker], createStore('tc-market-engine', 'snapshots'))
  const { fetch, calls } = scriptedFetch(handler)
  vi.stubGlobal('fetch', fetch)
  const navigate = vi.fn()
  const { createAppApi } = await import('../../src/api')
  const api = createAppApi({ currentPath: () => '/user-center', navigate })
  return {
    api,
    calls,
    navigate,
    auth: await import('../../src/features/auth/sign-out'),
    token: await import('../../src/state/token'),
    user: await import('../../src/state/user'),
    toast: await import('../../src/ui/toast'),
  }
}

/** What is left of Ann on the device. */
async function leftOnDevice() {
  const market = await new SnapshotStore(() => ({ tickers: [], books: [], candles: [], trades: [] })).load()
  return {
    token: storage.getItem(STORAGE_KEYS.token),
    user: storage.getItem(STORAGE_KEYS.user),
    backUrl: storage.getItem(STORAGE_KEYS.backUrl),
    draft: await get<unknown>('feedback-draft', keyvalDefault()),
    orders: await get<unknown>('orders', createStore('tc-user-orders', 'rows')),
    marketSymbols: market.tickers.map((t) => t.symbol),
  }
}

const nothingLeft = {
  token: null,
  user: null,
  backUrl: null,
  draft: undefined,
  orders: undefined,
  marketSymbols: ['btcusdt'],
}

describe('signOut', () => {
  it('revokes the session with its token, then leaves nothing of the user but keeps public data', async () => {
    const d = await signedInDevice(() => envelope(1, null))
    expect(d.user.userStore.info?.account).toBe('ann@example.com')
    await d.auth.signOut(d.api)
    expect(d.calls.map((c) => [c.method, c.url, c.headers.token])).toEqual([['POST', '/api/user/logout', 'tok-ann']])
    expect(await leftOnDevice()).toEqual(nothingLeft)
    expect(d.token.getToken()).toBeNull()
    expect(d.user.userStore.info).toBeNull()
    expect(deletedCaches.sort()).toEqual(['identity-images', 'user-avatars'])
    expect(storage.json(STORAGE_KEYS.theme)).toBe('dark') // a device setting, not the user's data
  })

  it('clears the device offline too, without an error toast', async () => {
    const d = await signedInDevice(() => {
      throw new TypeError('Failed to fetch')
    })
    await d.auth.signOut(d.api)
    expect(d.calls).toHaveLength(1)
    expect(await leftOnDevice()).toEqual(nothingLeft)
    expect(d.toast.toastStore.current).toBeNull()
  })

  it('with a session the server already ended (401): clears locally, no "login expired" toast, no jump to login', async () => {
    const d = await signedInDevice(() => new Response(JSON.stringify(envelope(401, null, 'expired')), { status: 401 }))
    await d.auth.signOut(d.api)
    expect(await leftOnDevice()).toEqual(nothingLeft)
    expect(d.navigate).not.toHaveBeenCalled()
    expect(d.toast.toastStore.current).toBeNull()
  })

  it('without a token makes no server call and still clears what is left', async () => {
    const d = await signedInDevice(() => envelope(1, null))
    d.token.clearToken()
    await d.auth.signOut(d.api)
    expect(d.calls).toEqual([])
    expect(await leftOnDevice()).toEqual(nothingLeft)
  })
})

describe('a 401 on any call', () => {
  it('clears the same local data, keeps the back-url for after login, and does not call user/logout', async () => {
    const d = await signedInDevice(() => envelope(4001, null, 'expired'))
    await expect(d.api.userInfo()).rejects.toMatchObject({ kind: 'auth' })
    const session = await import('../../src/state/session')
    await session.logout() // the request layer's logout is running already; this one waits for the clearing too
    const left = await leftOnDevice()
    expect(left).toEqual({ ...nothingLeft, backUrl: JSON.stringify('/user-center') })
    expect(d.calls.map((c) => c.url)).toEqual(['/api/user/info'])
    expect(d.navigate).toHaveBeenCalledWith('/login')
    expect(deletedCaches.sort()).toEqual(['identity-images', 'user-avatars'])
  })

  it('a call the screen makes right after (no token now) asks nothing: the user is already sent to login', async () => {
    // e2e auth.spec found it: /secure-center's 401 sent the user to /login with a toast, and a call the screen made
    // once the token was gone opened "Not logged in… Log in" over the login form (a second "Log in" button).
    const d = await signedInDevice(() => envelope(4001, null, 'expired'))
    await expect(d.api.userInfo()).rejects.toMatchObject({ kind: 'auth' })
    await expect(d.api.userInfo()).rejects.toMatchObject({ kind: 'auth' })
    const dialog = await import('../../src/ui/dialog')
    expect(dialog.dialogStore.open).toBeNull()
    expect(d.navigate).toHaveBeenCalledTimes(1)
    expect(d.calls.map((c) => c.url)).toEqual(['/api/user/info'])
  })

  it('a late 401 for an old token does not end the session signed in since', async () => {
    const d = await signedInDevice(() => envelope(1, ann))
    let answerOld: (r: Response) => void = () => undefined
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answerOld = resolve)))
    const slow = d.api.userInfo().catch(() => undefined) // sent with Ann's old token, answers late
    const session = await import('../../src/state/session')
    await session.logout()
    session.startSession('tok-new', ann)
    answerOld(new Response(JSON.stringify(envelope(401, null, 'expired')), { status: 401 }))
    await slow
    expect(d.token.getToken()).toBe('tok-new')
    expect(d.navigate).not.toHaveBeenCalled()
    expect(d.toast.toastStore.current).toBeNull()
  })
})
