/** Session token store (spec §3, §4): logged in means a token is present. Persisted under LOGIN_TOKEN. */
import { proxy } from 'valtio'
import { STORAGE_KEYS } from '../../common/constants'
import { isNonEmptyString, readStored, writeStored } from './storage'

export interface TokenState {
  /** The `token` header value, or null when logged out. */
  value: string | null
}

/** The token store; read it in React with `useSnapshot(tokenStore)`. */
export const tokenStore = proxy<TokenState>({
  value: readStored<string | null>(STORAGE_KEYS.token, isNonEmptyString, null),
})

/** Stores a new session token (login) and persists it. */
export function setToken(token: string): void {
  tokenStore.value = token
  writeStored(STORAGE_KEYS.token, token)
}

/** Forgets the token (logout). */
export function clearToken(): void {
  tokenStore.value = null
  writeStored(STORAGE_KEYS.token, null)
}

/** The current token, or null. */
export function getToken(): string | null {
  return tokenStore.value
}
