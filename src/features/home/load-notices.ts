/**
 * Route loader helper for Home's announcement ticker: the latest announcements in the request's language, loaded
 * beside the market list so the ticker is painted with the first screen instead of one round trip after it (issue 9:
 * its text is the page's largest paint). Never throws: no announcements hide the ticker.
 */
import type { AnnouncementList } from '../../../common/api/public'
import type { PublicApi } from '../../api/public'

/** How many announcements the ticker takes turns with. */
export const TICKER_NOTICES = 5

/** The ticker's announcements, newest first; empty when there are none or they could not be loaded. */
export async function loadTickerNotices(
  api: Pick<PublicApi, 'getAnnouncements'>,
  signal?: AbortSignal,
): Promise<AnnouncementList['list']> {
  try {
    const page = await api.getAnnouncements({ page: 1, limit: TICKER_NOTICES }, { silent: true, signal })
    return page.list
  } catch {
    return []
  }
}
