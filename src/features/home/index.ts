/** The home tab's own pieces: its header and the announcement ticker. */
export { AnnouncementTicker } from './AnnouncementTicker'
export { HomeHeader } from './HomeHeader'
