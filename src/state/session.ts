/** Session actions spanning stores (spec §4): logged in = token present; logout clears token and stored user info. */
import { clearToken, tokenStore } from './token'
import { clearUser } from './user'

/** True while a token is present. */
export function isLoggedIn(): boolean {
  return tokenStore.value !== null
}

/** Logs out: forgets the token and the stored user info. */
export function logout(): void {
  clearToken()
  clearUser()
}
