/**
 * The typed calls of the screens beyond the first one (account, identity, support). This module is loaded with the
 * first such call (./index.ts), so their answer schemas stay off the way to the first price (issue 9).
 */
import { createAccountApi, type AccountApi } from './account'
import { createIdentityApi, type IdentityApi } from './identity'
import type { Caller } from './public'
import type { Requester } from './request'
import { createSupportApi, type SupportApi } from './support'

/** Account, identity and support calls. */
export type ScreenApi = AccountApi & IdentityApi & SupportApi

/** Builds the account, identity and support calls over `call` and `request`. */
export function createScreenCalls(call: Caller, request: Requester): ScreenApi {
  return { ...createAccountApi(call), ...createIdentityApi(call, request), ...createSupportApi(call) }
}
