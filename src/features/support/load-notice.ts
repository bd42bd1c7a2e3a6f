/**
 * Loads one announcement for /notice-details and tells the two failures apart: the server says there is no such
 * announcement (a dead link: nothing to retry) or the answer never came (network, timeout, server error: retry).
 */
import type { AnnouncementInfo } from '../../../common/api/public'
import { CODE_BAD_INPUT, CODE_NOT_FOUND } from '../../../common/constants'
import { isApiError } from '../../api/errors'
import type { PublicApi } from '../../api/public'

/** What /notice-details shows: the announcement, "does not exist", or "could not be loaded · Retry". */
export type NoticeLoad = { notice: AnnouncementInfo } | { missing: true } | { failed: true }

/**
 * GET common/get_announcement_info for `id` (silent: the page shows the failure itself).
 * - `{ notice }` on success;
 * - `{ missing }` when there is no id, or the server's envelope answers CODE_NOT_FOUND (no such announcement, or not
 *   published) or CODE_BAD_INPUT (an id the server cannot hold, e.g. 11 digits);
 * - `{ failed }` for everything else: network failure, timeout, HTTP or server error, a malformed answer.
 * Never rejects.
 */
export async function loadNotice(
  api: Pick<PublicApi, 'getAnnouncementInfo'>,
  id: number | undefined,
): Promise<NoticeLoad> {
  if (id === undefined) return { missing: true }
  try {
    return { notice: await api.getAnnouncementInfo(id, { silent: true }) }
  } catch (err) {
    return saysMissing(err) ? { missing: true } : { failed: true }
  }
}

/**
 * True when a failed by-id fetch means "there is no such thing": the server's envelope answered CODE_NOT_FOUND or
 * CODE_BAD_INPUT (an id it cannot hold). Anything else (network, timeout, server error, malformed answer) is a failure
 * worth a retry. Shared by /notice-details and /help-details.
 */
export function saysMissing(err: unknown): boolean {
  return isApiError(err) && err.kind === 'envelope' && (err.code === CODE_NOT_FOUND || err.code === CODE_BAD_INPUT)
}
