/**
 * Sign-out (reliability F4, DESIGN §6): the server ends the session, and the device forgets the user — token,
 * USERINFO, the back-url, IndexedDB and Cache Storage data of the user. The local part never depends on the server:
 * offline, or with a session the server already dropped, the device is still cleared.
 */
import type { Api } from '../../api'
import { clearBackUrl } from '../../state/back-url'
import { logout } from '../../state/session'
import { getToken } from '../../state/token'

/** Longest wait for the server to confirm the logout, ms: a hung network must not hold the user on the screen. */
export const SERVER_LOGOUT_WAIT_MS = 5000

/**
 * Signs out. With a token, asks the server to revoke the session (`user/logout`, silent, failures ignored; the token
 * is read when the call starts, so clearing it right after is safe); then clears everything local. Resolves when the
 * local data is gone and the server has answered or `SERVER_LOGOUT_WAIT_MS` has passed. Never rejects.
 */
export async function signOut(api: Pick<Api, 'logoutSession'>): Promise<void> {
  const revoke = getToken()
    ? api.logoutSession({ silent: true, signal: AbortSignal.timeout(SERVER_LOGOUT_WAIT_MS) }).catch(() => undefined)
    : undefined
  clearBackUrl()
  await Promise.all([logout(), revoke])
}
