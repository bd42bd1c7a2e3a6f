/** The home tab's own pieces: its header, the announcement ticker and its loader helper. */
export { AnnouncementTicker } from './AnnouncementTicker'
export { HomeHeader } from './HomeHeader'
export { loadTickerNotices, TICKER_NOTICES } from './load-notices'
