/**
 * A number that changes whenever the signed-in session changes. Routes whose loader data belongs to the user put it
 * in their `loaderDeps`, so the router never serves one user's cached or preloaded answer (identity, invitation)
 * to the next user of the same browser (reliability F4).
 */
import { getToken } from './token'

let lastToken: string | null | undefined
let generation = 0

/** The current session's generation. */
export function sessionKey(): number {
  const token = getToken()
  if (token !== lastToken) {
    lastToken = token
    generation++
  }
  return generation
}
