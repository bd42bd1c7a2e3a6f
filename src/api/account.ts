/** Account calls (`user/*`): sign-in, sessions, passwords, user info. Answers are parsed with the shared schemas of common/api. */
import type { Caller } from './public'

export interface AccountApi {}

/** Builds the account calls. */
export function createAccountApi(_call: Caller): AccountApi {
  return {}
}
