// The app's API wiring: a rejected session logs out (token and user info gone), remembers the path in the back-url
// key and goes to /login once; public calls parse answers with the shared schemas.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../../common/constants'
import { envelope, scriptedFetch } from '../helpers/ui-fetch'
import { installMemoryStorage, type MemoryStorage } from '../helpers/ui-storage'
import { btcUsdt } from '../helpers/market-fixtures'

let storage: MemoryStorage

beforeEach(() => {
  vi.resetModules()
  vi.unstubAllGlobals()
  storage = installMemoryStorage()
})

async function loadApp(handler: Parameters<typeof scriptedFetch>[0]) {
  const { fetch, calls } = scriptedFetch(handler)
  vi.stubGlobal('fetch', fetch)
  const api = await import('../../src/api')
  const token = await import('../../src/state/token')
  const user = await import('../../src/state/user')
  const toast = await import('../../src/ui/toast')
  const navigate = vi.fn()
  const app = api.createAppApi({ currentPath: () => '/market?category=forex', navigate })
  return { app, navigate, calls, token, user, toast }
}

describe('app API', () => {
  it('on 401 logs out once, keeps the back-url and navigates to /login once', async () => {
    storage.setItem(STORAGE_KEYS.token, JSON.stringify('abc'))
    storage.setItem(STORAGE_KEYS.user, JSON.stringify({ account: 'u@example.com' }))
    const { app, navigate, token, user, toast } = await loadApp(() => envelope(4001, null, 'expired'))
    expect(token.getToken()).toBe('abc')
    await Promise.allSettled([app.getConfig(), app.getCurrencyList(), app.getLanguages()])
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledWith('/login')
    expect(token.getToken()).toBeNull()
    expect(user.userStore.info).toBeNull()
    expect(storage.getItem(STORAGE_KEYS.token)).toBeNull()
    expect(storage.getItem(STORAGE_KEYS.user)).toBeNull()
    expect(storage.json(STORAGE_KEYS.backUrl)).toBe('/market?category=forex')
    expect(toast.toastStore.current?.kind).toBe('error')
  })

  it('shows the server message of a business error as an error toast', async () => {
    const { app, toast } = await loadApp(() => envelope(400, null, '余额不足'))
    await expect(app.getConfig()).rejects.toMatchObject({ code: 400 })
    expect(toast.toastStore.current).toMatchObject({ kind: 'error', text: '余额不足' })
  })

  it('shows the one network message, not the server text, for a server fault (5xx)', async () => {
    const { app, toast } = await loadApp(() => envelope(500, null, '服务器繁忙'))
    await expect(app.getConfig()).rejects.toMatchObject({ code: 500 })
    expect(toast.toastStore.current).toMatchObject({ kind: 'error', text: { id: 'api.networkError' } })
  })

  it('shows the server words of a "retry later" refusal (503: prices not up to date), not the network message', async () => {
    const words = 'Prices are not up to date right now. Please try again in a moment'
    const { app, toast } = await loadApp(() => envelope(503, { field: 'type', issues: [] }, words))
    await expect(app.getConfig()).rejects.toMatchObject({ code: 503, field: 'type' })
    expect(toast.toastStore.current).toMatchObject({ kind: 'error', text: words })
  })

  it('parses currency_list with the shared schema and names the bad field of a malformed answer', async () => {
    const good = btcUsdt
    const { app: okApp, calls } = await loadApp(() => envelope(1, [good]))
    await expect(okApp.getCurrencyList('spot')).resolves.toEqual([good])
    expect(calls[0]?.url).toBe('/api/currency/currency_list?category=spot')

    vi.resetModules()
    const { app: badApp } = await loadApp(() => envelope(1, [{ ...good, price_precision: '2' }]))
    await expect(badApp.getCurrencyList()).rejects.toMatchObject({ kind: 'parse', field: '0.price_precision' })
  })
})
