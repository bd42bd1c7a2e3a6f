/**
 * The app's API: the request layer wired to the stores (token, language), the toasts, the login dialog and the
 * router, plus the typed public calls. Created once in main.tsx and handed to routes through the router context.
 */
import { acceptLanguage } from '../state/language'
import { setBackUrl } from '../state/back-url'
import { logout } from '../state/session'
import { getToken } from '../state/token'
import { confirmDialog } from '../ui/dialog'
import { showToast } from '../ui/toast'
import { failureToast } from './problem'
import { GO_LOGIN, LOGIN_NEEDED } from './login-messages'
import { createAccountApi, type AccountApi } from './account'
import { createIdentityApi, type IdentityApi } from './identity'
import { createCaller, createPublicApi, type PublicApi } from './public'
import { createSupportApi, type SupportApi } from './support'
import { createRequester, type Requester } from './request'

export { ApiError, isApiError } from './errors'
export type { ApiErrorKind } from './errors'
export { describeFailure, failureToast, NETWORK_PROBLEM, UNEXPECTED_PROBLEM, type Failure } from './problem'
export { createRequester, buildUrl } from './request'
export type { RequestDeps, RequestOptions, Requester, Params, HttpMethod } from './request'
export { createCaller, createPublicApi, parseAnswer } from './public'
export type { Caller, PublicApi, CallOptions } from './public'

/** What the request layer needs from the router. */
export interface Navigation {
  /** Current path with its query, e.g. "/market?category=forex". */
  currentPath(): string
  navigate(path: '/login'): void
}

/** The API in the router context: the raw requester, and the typed calls of each module. */
export interface Api extends PublicApi, AccountApi, IdentityApi, SupportApi {
  request: Requester
}

/** Creates the app's API bound to `nav`. */
export function createAppApi(nav: Navigation): Api {
  const goLogin = () => {
    const here = nav.currentPath()
    if (!here.startsWith('/login')) setBackUrl(here)
    nav.navigate('/login')
  }
  const request = createRequester({
    getToken,
    getLanguage: acceptLanguage,
    onUnauthorized: (sentToken) => {
      // Only the current session's rejection counts: after a sign-out (its own `user/logout` may answer 401) or a
      // new sign-in, a late 401 for the old token has nothing to clear and no one to send to login.
      if (!sentToken || sentToken !== getToken()) return
      void logout() // token, user info and the user's IndexedDB / Cache Storage data; no server call
      showToast(LOGIN_NEEDED, 'error')
      goLogin()
    },
    onLoginRequired: () => {
      void confirmDialog({ message: LOGIN_NEEDED, confirmText: GO_LOGIN }).then((ok) => ok && goLogin())
    },
    onError: (err) => showToast(failureToast(err), 'error'),
  })
  const call = createCaller(request)
  return {
    request,
    ...createPublicApi(request),
    ...createAccountApi(call),
    ...createIdentityApi(call, request),
    ...createSupportApi(call),
  }
}
