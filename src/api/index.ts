/**
 * The app's API: the request layer wired to the stores (token, language), the toasts, the login dialog and the
 * router, plus the typed calls. Created once in main.tsx and handed to routes through the router context. The public
 * calls are built at once; the account, identity, support and money calls load their module on first use
 * (screen-calls.ts).
 */
import { acceptLanguage } from '../state/language'
import { setBackUrl } from '../state/back-url'
import { logout } from '../state/session'
import { getToken } from '../state/token'
import { confirmDialog } from '../ui/dialog'
import { showToast } from '../ui/toast'
import { failureToast } from './problem'
import { GO_LOGIN, LOGIN_NEEDED } from './login-messages'
import { takeEarlyCall } from './early-calls'
import { createLogoutCall } from './logout-call'
import { createCaller, createPublicApi, type Caller, type PublicApi } from './public'
import { createRequester, type Requester } from './request'
import type { ScreenApi } from './screen-calls'

export { ApiError, isApiError } from './errors'
export type { ApiErrorKind } from './errors'
export { describeFailure, failureToast, NETWORK_PROBLEM, UNEXPECTED_PROBLEM, type Failure } from './problem'
export { createRequester, buildUrl } from './request'
export { dropEarlyCalls } from './early-calls'
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
export interface Api extends PublicApi, ScreenApi {
  request: Requester
}

/** Every call of ScreenApi by name but logoutSession, which is built at once (logout-call.ts). */
const SCREEN_CALLS = [
  'sendCode',
  'register',
  'forgotPassword',
  'resetPassword',
  'login',
  'siweNonce',
  'siweLogin',
  'userInfo',
  'changePassword',
  'setPayPassword',
  'bindEmail',
  'sessionList',
  'sessionRevoke',
  'share',
  'wsTicket',
  'favourites',
  'saveFavourites',
  'setAntiPhishing',
  'twoFactorSetup',
  'twoFactorEnable',
  'twoFactorDisable',
  'uploadImage',
  'identity',
  'submitIdentityBasic',
  'submitIdentityAdvanced',
  'feedbackList',
  'submitFeedback',
  'feedbackDetail',
  'helpList',
  'helpDetail',
  'about',
  'overview',
  'dailyIncome',
  'depositOptions',
  'depositAddress',
  'depositClaim',
  'depositList',
  'addressList',
  'addressSave',
  'addressDelete',
  'withdrawOptions',
  'withdraw',
  'withdrawList',
  'transfer',
  'transferList',
  'ledger',
  'ledgerDetail',
  'demoEnter',
  'demoExit',
  'proofLatest',
  'proofMine',
  'marketConfig',
  'orderPlace',
  'orderCancel',
  'orderList',
  'orderDetail',
  'microProducts',
  'microPlace',
  'microList',
  'microDetail',
  'contractMarket',
  'contractPlace',
  'contractCancel',
  'contractPositions',
  'contractTpsl',
  'contractClose',
  'contractCloseAll',
  'contractOrders',
  'contractHistory',
  'contractAccount',
  'contractFunding',
  'contractTickers',
  'contractFundingHistory',
  'contractCloseOrder',
  'contractCloseOrderCancel',
  'contractCloseOrders',
  'alertCreate',
  'alertList',
  'alertDelete',
  'vapidKey',
  'pushSubscribe',
  'pushUnsubscribe',
  'notifySettings',
  'saveNotifySettings',
] as const satisfies readonly (keyof ScreenApi)[]
/** Compiles only while SCREEN_CALLS lists every ScreenApi call (a call left out would have no stand-in). */
export type ScreenCallsListed = AssertTrue<
  [Exclude<keyof ScreenApi, (typeof SCREEN_CALLS)[number] | 'logoutSession'>] extends [never] ? true : false
>
type AssertTrue<T extends true> = T

/**
 * Stand-ins for the account, identity and support calls: the first one loads screen-calls.ts, then each passes its
 * arguments on to the real call. A chunk that fails to load rejects that call (and a later call tries again).
 */
function lazyScreenCalls(call: Caller, request: Requester): Omit<ScreenApi, 'logoutSession'> {
  let calls: Promise<ScreenApi> | undefined
  const load = () =>
    (calls ??= import('./screen-calls').then(
      (m) => m.createScreenCalls(call, request),
      (err: unknown) => {
        calls = undefined
        throw err
      },
    ))
  const stand =
    (name: keyof ScreenApi) =>
    async (...args: unknown[]) => {
      // Arguments go through unchecked: each stand-in has its call's type (the cast below).
      const calls = { ...(await load()) } as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>
      return calls[name]!(...args)
    }
  return Object.fromEntries(SCREEN_CALLS.map((n) => [n, stand(n)])) as unknown as Omit<ScreenApi, 'logoutSession'>
}

/** How long after a session was rejected a call without a session asks nothing (ms). */
const LOGIN_QUESTION_QUIET_MS = 5_000

/** Creates the app's API bound to `nav`. */
export function createAppApi(nav: Navigation): Api {
  /** When the server last rejected the current session (epoch ms): the user is being sent to login since. */
  let rejectedAt = -Infinity
  const goLogin = () => {
    const here = nav.currentPath()
    if (!here.startsWith('/login')) setBackUrl(here)
    nav.navigate('/login')
  }
  const request = createRequester({
    takeEarly: takeEarlyCall,
    getToken,
    getLanguage: acceptLanguage,
    onUnauthorized: (sentToken) => {
      // Only the current session's rejection counts: after a sign-out (its own `user/logout` may answer 401) or a
      // new sign-in, a late 401 for the old token has nothing to clear and no one to send to login.
      if (!sentToken || sentToken !== getToken()) return
      rejectedAt = Date.now()
      void logout() // token, user info and the user's IndexedDB / Cache Storage data; no server call
      showToast(LOGIN_NEEDED, 'error')
      goLogin()
    },
    onLoginRequired: () => {
      // A call the screen makes as the rejected session is cleared (a loader run again without the token) finds the
      // user already told and on the way to login: asking again would open the question over the login form.
      if (Date.now() - rejectedAt < LOGIN_QUESTION_QUIET_MS || nav.currentPath().startsWith('/login')) return
      void confirmDialog({ message: LOGIN_NEEDED, confirmText: GO_LOGIN }).then((ok) => ok && goLogin())
    },
    onError: (err) => showToast(failureToast(err), 'error'),
  })
  const call = createCaller(request)
  return {
    request,
    ...createPublicApi(request),
    ...lazyScreenCalls(call, request),
    logoutSession: createLogoutCall(call),
  }
}
