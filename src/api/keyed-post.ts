/**
 * The POST of a call that moves money: a fresh Idempotency-Key per call (one call = one user submission), sent again
 * with the same key while it gets no answer, so a dropped connection never runs it twice. Its answer is parsed with
 * `schema` like every other call's.
 */
import type * as z from 'zod/mini'
import { IDEMPOTENCY_HEADER } from '../../common/api/assets'
import { newIdempotencyKey } from '../lib/idempotency-key'
import { parseAnswer, type CallOptions } from './public'
import type { Params, Requester } from './request'

/** Tries after the first for a money call that got no answer (network failure, timeout), same key each time. */
export const MONEY_CALL_RETRIES = 2

/** The keyed POST over `request` (headers and retries are not Caller options). */
export function keyedPost(request: Requester) {
  return async <T>(path: string, schema: z.ZodMiniType<T>, params: Params, opts?: CallOptions): Promise<T> => {
    const data = await request(path, {
      ...opts,
      method: 'POST',
      params,
      auth: true,
      headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() },
      retries: MONEY_CALL_RETRIES,
    })
    return parseAnswer(path, schema, data)
  }
}
