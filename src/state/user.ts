/**
 * Stored user info (spec §3 "user"), persisted under USERINFO: the `user/info` answer (common/api/account UserInfo),
 * nothing sensitive. A stored value that no longer matches the schema (older version, hand-edited) is dropped at
 * load, so screens can trust every field; the next `user/info` call refills it.
 */
import { proxy } from 'valtio'
import { userInfoSchema, type Book, type UserInfo } from '../../common/api/user-info'
import { STORAGE_KEYS } from '../../common/constants'
import { readStored, writeStored } from './storage'

export type { UserInfo }

function isUserInfo(value: unknown): value is UserInfo {
  return userInfoSchema.safeParse(value).success
}

export interface UserState {
  /** The signed-in user, or null when logged out (or not known yet). */
  info: UserInfo | null
}

/** The user store; read it in React with `useSnapshot(userStore)`. */
export const userStore = proxy<UserState>({
  info: readStored<UserInfo | null>(STORAGE_KEYS.user, isUserInfo, null),
})

/** Replaces the stored user info (spec §4 "user info can be updated"). */
export function setUser(info: UserInfo): void {
  userStore.info = info
  writeStored(STORAGE_KEYS.user, info)
}

/**
 * Records the book the session now acts on (the answer of assets/demo_enter or demo_exit), so the demo badge and the
 * money screens switch at once rather than after the next `user/info`. Nothing without a stored user.
 */
export function setBook(book: Book): void {
  if (userStore.info && userStore.info.book !== book) setUser({ ...userStore.info, book })
}

/** The book the signed-in session acts on: `live` when logged out or not known yet. */
export function currentBook(): Book {
  return userStore.info?.book ?? 'live'
}

/** Forgets the user info (logout). */
export function clearUser(): void {
  userStore.info = null
  writeStored(STORAGE_KEYS.user, null)
}
