// Session restore at start (spec §4): with a token, one silent user/info call refreshes USERINFO (a rejected token
// logs out through the 401 path); without a token, stale user info is cleared and nothing is called; offline, the
// stored user info stays.
import { IDBFactory } from 'fake-indexeddb'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../../common/constants'
import { envelope, scriptedFetch, type FetchHandler } from '../helpers/ui-fetch'
import { installMemoryStorage, type MemoryStorage } from '../helpers/ui-storage'

const stored = {
  id: 7, account: 'ann@example.com', email: 'ann@example.com', area_code: null, phone: null, wallet_address: null,
  invite_code: 'ANN7', role: 'user', has_password: true, has_pay_password: false,
  identity: { basic: 'review', advanced: 'none' }, created_at: '2025-01-02 03:04:05',
}
const fresh = { ...stored, identity: { basic: 'verified', advanced: 'none' } }

let storage: MemoryStorage
beforeEach(() => {
  vi.resetModules()
  vi.unstubAllGlobals()
  vi.stubGlobal('indexedDB', new IDBFactory())
  storage = installMemoryStorage()
})

async function start(token: string | null, handler: FetchHandler) {
  if (token) storage.setItem(STORAGE_KEYS.token, JSON.stringify(token))
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(stored))
  const { fetch, calls } = scriptedFetch(handler)
  vi.stubGlobal('fetch', fetch)
  const navigate = vi.fn()
  const api = (await import('../../src/api')).createAppApi({ currentPath: () => '/assets', navigate })
  const user = await import('../../src/state/user')
  const token$ = await import('../../src/state/token')
  ;(await import('../../src/state/session')).restoreSession(api)
  await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(token ? 1 : 0))
  await new Promise((r) => setTimeout(r, 0))
  return { calls, navigate, user, token: token$ }
}

describe('restoreSession', () => {
  it('with a token: one user/info call with it, and USERINFO is the fresh answer', async () => {
    const s = await start('tok', () => envelope(1, fresh))
    await vi.waitFor(() => expect(s.user.userStore.info?.identity.basic).toBe('verified'))
    expect(s.calls.map((c) => [c.url, c.headers.token])).toEqual([['/api/user/info', 'tok']])
    expect(storage.json(STORAGE_KEYS.user)).toEqual(fresh)
  })

  it('with a token the server rejects: logged out, sent to login remembering the path', async () => {
    const s = await start('tok', () => new Response(JSON.stringify(envelope(401, null, 'expired')), { status: 401 }))
    await vi.waitFor(() => expect(s.navigate).toHaveBeenCalledWith('/login'))
    expect(s.token.getToken()).toBeNull()
    expect(s.user.userStore.info).toBeNull()
    expect(storage.json(STORAGE_KEYS.backUrl)).toBe('/assets')
  })

  it('without a token: stale user info is cleared and nothing is called', async () => {
    const s = await start(null, () => envelope(1, fresh))
    expect(s.calls).toEqual([])
    expect(s.user.userStore.info).toBeNull()
    expect(storage.getItem(STORAGE_KEYS.user)).toBeNull()
  })

  it('offline: the stored user info stays and no error is shown', async () => {
    const s = await start('tok', () => {
      throw new TypeError('Failed to fetch')
    })
    const toast = await import('../../src/ui/toast')
    expect(s.user.userStore.info).toEqual(stored)
    expect(s.token.getToken()).toBe('tok')
    expect(toast.toastStore.current).toBeNull()
  })
})
