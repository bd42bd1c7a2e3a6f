/**
 * Session actions spanning stores (spec §4): logged in = token present; logout clears the token, the stored user info
 * and the user's data in IndexedDB and Cache Storage (reliability F4); session restore at start.
 */
import type { UserInfo } from '../../common/api/account'
import type { CallOptions } from '../api/public'
import { endDevicePush } from '../lib/web-push'
import { setFavourites } from './favourites'
import { clearToken, getToken, setToken, tokenStore } from './token'
import { clearUser, setUser } from './user'
import { clearUserData } from './user-data'

/** True while a token is present. */
export function isLoggedIn(): boolean {
  return tokenStore.value !== null
}

/** Starts a session: stores the new token and the user it belongs to (login, register, wallet sign-in). */
export function startSession(token: string, user: UserInfo): void {
  setToken(token)
  setUser(user)
}

/**
 * Logs out locally: forgets the token, the user info and the favourites (the account keeps them) at once (the app
 * shows the logged-out state synchronously), then empties the user's IndexedDB and Cache Storage data and ends this
 * device's push subscription (the next person on the phone gets none of the account's notifications; turned on
 * again after the next sign-in). Does not call the server (see features/auth signOut).
 * The back-url is kept: after a 401 it holds the path to return to. Resolves when the data is gone; never rejects.
 */
export function logout(): Promise<void> {
  const signedIn = getToken() !== null
  clearToken()
  clearUser()
  // The stars were the account's while signed in (kept there): the next person on this phone starts without them.
  if (signedIn) setFavourites([])
  return Promise.all([clearUserData(), signedIn ? endDevicePush() : null]).then(() => undefined)
}

/**
 * Session restore (spec §4), once at start: with a token, refreshes USERINFO from `user/info` in the background (a
 * rejected token logs out through the request layer's 401 path); without one, clears any stale user info and data.
 */
export function restoreSession(api: { userInfo(opts?: CallOptions): Promise<UserInfo> }): void {
  const token = getToken()
  if (!token) {
    void logout()
    return
  }
  api.userInfo({ silent: true }).then(
    // A sign-out or another sign-in while the call ran wins over this answer.
    (info) => getToken() === token && setUser(info),
    () => undefined, // offline start: the stored user info stands in
  )
}
