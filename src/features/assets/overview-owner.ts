/** Whose overview the Assets tab loads and keeps: the signed-in user and the book the session acts on. */
import { isLoggedIn } from '../../state/session'
import { userStore } from '../../state/user'
import type { OverviewOwner } from './saved-overview'

/** The owner of the overview to load now, or null when the user is not known yet (or nobody is signed in). */
export function overviewOwner(): OverviewOwner | null {
  const info = userStore.info
  return isLoggedIn() && info ? { userId: info.id, book: info.book } : null
}
