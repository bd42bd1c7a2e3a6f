/**
 * The typed calls of the screens beyond the first one (account, identity, support, money, notifications). This module
 * is loaded with the first such call (./index.ts), so their answer schemas stay off the way to the first price
 * (issue 9).
 */
import { createAccountApi, type AccountApi } from './account'
import { createAssetsApi, type AssetsApi } from './assets'
import { createContractApi, type ContractApi } from './contract'
import { createIdentityApi, type IdentityApi } from './identity'
import { createNotifyApi, type NotifyApi } from './notify'
import type { Caller } from './public'
import type { Requester } from './request'
import { createSupportApi, type SupportApi } from './support'
import { createTradingApi, type TradingApi } from './trading'

/** Account, identity, support, money, trading, futures and notification calls. */
export type ScreenApi = AccountApi & IdentityApi & SupportApi & AssetsApi & TradingApi & ContractApi & NotifyApi

/** Builds the account, identity, support and money calls over `call` and `request`. */
export function createScreenCalls(call: Caller, request: Requester): ScreenApi {
  return {
    ...createAccountApi(call),
    ...createIdentityApi(call, request),
    ...createSupportApi(call),
    ...createAssetsApi(call, request),
    ...createTradingApi(call, request),
    ...createContractApi(call, request),
    ...createNotifyApi(call),
  }
}
