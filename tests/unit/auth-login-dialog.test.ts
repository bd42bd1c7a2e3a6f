// The login dialog of spec §5: an auth-only call without a session is not sent; the user is asked, in the
// customer's words with a "Log in" button, and a yes goes to /login remembering where they were.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../../common/constants'
import { envelope, scriptedFetch } from '../helpers/ui-fetch'
import { installMemoryStorage, type MemoryStorage } from '../helpers/ui-storage'

let storage: MemoryStorage
beforeEach(() => {
  vi.resetModules()
  vi.unstubAllGlobals()
  storage = installMemoryStorage()
})

async function loggedOutApp() {
  const { fetch, calls } = scriptedFetch(() => envelope(1, null))
  vi.stubGlobal('fetch', fetch)
  const navigate = vi.fn()
  const app = (await import('../../src/api')).createAppApi({ currentPath: () => '/share-code', navigate })
  return { app, calls, navigate, dialog: await import('../../src/ui/dialog') }
}

describe('login dialog', () => {
  it('asks instead of calling; "Log in" goes to /login with the back-url', async () => {
    const { app, calls, navigate, dialog } = await loggedOutApp()
    await expect(app.share()).rejects.toMatchObject({ kind: 'auth' })
    expect(calls).toEqual([])
    expect(dialog.dialogStore.open?.message).toMatchObject({ id: 'auth.loginRequired' })
    expect(dialog.dialogStore.open?.confirmText).toMatchObject({ id: 'auth.goLogin' })
    dialog.answerDialog(true)
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'))
    expect(storage.json(STORAGE_KEYS.backUrl)).toBe('/share-code')
  })

  it('Cancel stays where the user is', async () => {
    const { app, navigate, dialog } = await loggedOutApp()
    await app.userInfo().catch(() => undefined)
    dialog.answerDialog(false)
    await new Promise((r) => setTimeout(r, 0))
    expect(navigate).not.toHaveBeenCalled()
    expect(storage.getItem(STORAGE_KEYS.backUrl)).toBeNull()
  })
})
