/** Identity verification, uploads and referral (share) calls. Answers are parsed with the shared schemas of common/api. */
import type { Caller } from './public'

export interface IdentityApi {}

/** Builds the identity calls. */
export function createIdentityApi(_call: Caller): IdentityApi {
  return {}
}
