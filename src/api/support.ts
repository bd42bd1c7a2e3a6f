/** Support calls: feedback, help center, about us. Answers are parsed with the shared schemas of common/api. */
import type { Caller } from './public'

export interface SupportApi {}

/** Builds the support calls. */
export function createSupportApi(_call: Caller): SupportApi {
  return {}
}
