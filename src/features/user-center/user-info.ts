/**
 * The signed-in user as the user-side screens read it (USERINFO, src/state/user), refreshed from `user/info` when a
 * screen opens: identity states and passwords change on other devices and through operators.
 */
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import type { UserInfo } from '../../../common/api/account'
import type { Api } from '../../api'
import { getToken, tokenStore } from '../../state/token'
import { setUser, userStore } from '../../state/user'

/** Session state of a screen: logged out, or logged in with the user info (null while it is not known yet). */
export interface SessionView {
  loggedIn: boolean
  user: UserInfo | null
}

/** The session and stored user info, re-rendering when either changes. */
export function useSessionView(): SessionView {
  const { value: token } = useSnapshot(tokenStore)
  const { info } = useSnapshot(userStore)
  return { loggedIn: token !== null, user: token === null ? null : info }
}

/**
 * Re-reads `user/info` and stores it (USERINFO); resolves with it, or null when the call failed (quietly: the
 * stored copy keeps showing, and an expired session is handled by the request layer). An answer that arrives after
 * a sign-out or another sign-in is dropped.
 */
export async function reloadUserInfo(api: Pick<Api, 'userInfo'>, signal?: AbortSignal): Promise<UserInfo | null> {
  const token = getToken()
  if (!token) return null
  try {
    const info = await api.userInfo({ silent: true, signal })
    if (getToken() !== token) return null
    setUser(info)
    return info
  } catch {
    return null
  }
}

/** Refreshes the user info once when the screen mounts with a session. */
export function useRefreshUserInfo(api: Pick<Api, 'userInfo'>): void {
  useEffect(() => {
    const ctrl = new AbortController()
    void reloadUserInfo(api, ctrl.signal)
    return () => ctrl.abort()
  }, [api])
}
