/**
 * POST user/logout. Built at once with the public calls (index.ts), not loaded with the other account calls:
 * sign-out reads the token as the call starts and clears it right after (features/auth/sign-out.ts), so this call
 * must not wait for a chunk first.
 */
import * as z from 'zod/mini'
import type { CallOptions, Caller } from './public'

/** Ends this session on the server; resolves when it answered. */
export function createLogoutCall(call: Caller): (opts?: CallOptions) => Promise<void> {
  const nothing = z.unknown()
  return async (opts) => void (await call.postAuth('user/logout', nothing, {}, opts))
}
