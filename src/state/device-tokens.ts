/**
 * The device tokens this browser was given by sign-ins (server/auth/login-devices.ts, issue 24 part 7), one per
 * account, kept under LOGIN_DEVICES across sign-outs: sent with the next password sign-in to the same account, a token
 * gives this browser a failure budget of its own, so a stranger guessing the password elsewhere cannot lock the owner
 * out. At most MAX_DEVICE_TOKENS accounts are remembered (the oldest forgotten first).
 */
import { STORAGE_KEYS } from '../../common/constants'
import { isRecord, readStored, writeStored } from './storage'

/** Accounts whose tokens a browser keeps at most. */
export const MAX_DEVICE_TOKENS = 20

/** The account a sign-in names, as the login and register forms send it. */
export interface AccountRef {
  type: 'email' | 'phone'
  email?: string | undefined
  area_code?: string | undefined
  phone?: string | undefined
}

/** One key per account: the e-mail in lower case, or the area code and number. */
export function accountKey(a: AccountRef): string {
  return a.type === 'email'
    ? `email:${(a.email ?? '').trim().toLowerCase()}`
    : `phone:${(a.area_code ?? '').trim()} ${(a.phone ?? '').trim()}`
}

const isTokenMap = (v: unknown): v is Record<string, string> =>
  isRecord(v) && Object.values(v).every((t) => typeof t === 'string')

function stored(): Record<string, string> {
  return readStored(STORAGE_KEYS.devices, isTokenMap, {})
}

/** The token this browser holds for `account`, if any. */
export function deviceTokenFor(account: AccountRef): string | undefined {
  return stored()[accountKey(account)]
}

/** Keeps `token` for `account` (the newest last; past MAX_DEVICE_TOKENS the oldest is forgotten). */
export function keepDeviceToken(account: AccountRef, token: string): void {
  const key = accountKey(account)
  const map = stored()
  delete map[key]
  map[key] = token
  const keys = Object.keys(map)
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_DEVICE_TOKENS))) delete map[old]
  writeStored(STORAGE_KEYS.devices, map)
}
