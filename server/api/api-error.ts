/**
 * Errors a handler throws to answer with an envelope error. The HTTP status of a business error (bad input, unknown
 * object) is 200, because the app reads `code` and shows `msg` only on HTTP 200 (spec §8: "any other code: show msg");
 * transport-level problems keep a real status (unknown route 404, server fault 500).
 */
import type { InputErrorData } from '../../common/api/envelope'
import type { ServerMessageKey } from '../content/server-messages'

export class ApiError extends Error {
  override name = 'ApiError'
  /**
   * @param code envelope code (common/constants.ts)
   * @param messageKey server message translated into the request's language
   * @param detail text appended after the translated message, e.g. the field problem
   * @param data envelope data (e.g. InputErrorData), null when none
   * @param httpStatus HTTP status of the answer (200 for business errors)
   * @param headers extra response headers (e.g. Retry-After of a rate limit)
   */
  constructor(
    readonly code: number,
    readonly messageKey: ServerMessageKey,
    readonly detail?: string,
    readonly data: InputErrorData | null = null,
    readonly httpStatus = 200,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail ? `${messageKey}: ${detail}` : messageKey)
  }
}
