// Session restore at start (spec §4): with a token, one silent user/info call refreshes USERINFO (a rejected token
// logs out through the 401 path); without a token, stale user info is cleared and nothing is called; offline, the
// stored user info stays.
import { IDBFactory } from 'fake-indexeddb'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../../common/constants'
import { envelope, scriptedFetch, type FetchHandler } from '../helpers/ui-fetch'
import { installMemoryStorage, type MemoryStorage } from '../helpers/ui-storage'
import { userInfo } from '../helpers/ui-user'

const stored = userInfo({ identity: { basic: 'review', advanced: 'none' }, created_at: '2025-01-02 03:04:05' })
const fresh = { ...stored, identity: { basic: 'verified', advanced: 'none' } }

let storage: MemoryStorage
beforeEach(() => {
  vi.resetModules()
  vi.unstubAllGlobals()
  vi.stubGlobal('indexedDB', new IDBFactory())
  storage = installMemoryStorage()
})

/**
 * Starts the app's session restore with `token` (or none) and USERINFO stored. Resolves once restore has done all it
 * will do: the user/info call it made has settled and its answer been applied (restoreSession's own handler runs
 * before ours, being attached first), or — without a token — no call was made and the logout has finished.
 */
async function start(token: string | null, handler: FetchHandler) {
  if (token) storage.setItem(STORAGE_KEYS.token, JSON.stringify(token))
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(stored))
  const { fetch, calls } = scriptedFetch(handler)
  vi.stubGlobal('fetch', fetch)
  const navigate = vi.fn()
  const api = (await import('../../src/api')).createAppApi({ currentPath: () => '/assets', navigate })
  const userInfo = vi.spyOn(api, 'userInfo')
  const user = await import('../../src/state/user')
  const token$ = await import('../../src/state/token')
  const userData = await import('../../src/state/user-data')
  const clearUserData = vi.spyOn(userData, 'clearUserData')
  ;(await import('../../src/state/session')).restoreSession(api)
  expect(userInfo).toHaveBeenCalledTimes(token ? 1 : 0)
  // Wait for what restoreSession started: the user/info call (its failure is the test's subject) or the clean-up.
  const started = token ? userInfo.mock.results : clearUserData.mock.results
  const pending = started.flatMap((r) => (r.type === 'return' ? [r.value] : []))
  await Promise.all(token ? pending.map((p) => p.catch(() => undefined)) : pending)
  return { calls, navigate, user, token: token$, clearUserData }
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
    expect(s.clearUserData, "the user's stored data is cleared").toHaveBeenCalledTimes(1)
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
