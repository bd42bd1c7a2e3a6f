/**
 * Stored user info (spec §3 "user"), persisted under USERINFO. Its fields arrive with the account calls of a later
 * issue, so it is kept as an opaque record here.
 */
import { proxy } from 'valtio'
import { STORAGE_KEYS } from '../../common/constants'
import { isRecord, readStored, writeStored } from './storage'

/** User info as the account API returns it (fields defined by a later issue). */
export type UserInfo = Record<string, unknown>

export interface UserState {
  info: UserInfo | null
}

export const userStore = proxy<UserState>({
  info: readStored<UserInfo | null>(STORAGE_KEYS.user, isRecord, null),
})

/** Replaces the stored user info (spec §4 "user info can be updated"). */
export function setUser(info: UserInfo): void {
  userStore.info = info
  writeStored(STORAGE_KEYS.user, info)
}

/** Forgets the user info (logout). */
export function clearUser(): void {
  userStore.info = null
  writeStored(STORAGE_KEYS.user, null)
}
