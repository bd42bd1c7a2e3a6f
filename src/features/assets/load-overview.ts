/**
 * The Assets tab's loader: the overview of the signed-in user's current book from the server (kept on the device
 * for later), else the copy kept last time with its age, else a failure the screen offers to retry. Never throws.
 */
import type { Overview } from '../../../common/api/assets'
import { isApiError, type Api } from '../../api'
import { savedOverviews, type OverviewOwner, type OverviewStore } from './saved-overview'

/** What the Assets tab shows. */
export type OverviewData =
  /** Nobody is signed in: the tab asks to log in. */
  | { kind: 'signed-out' }
  /** The overview; `savedAt` (epoch ms) when it is the device's copy because the call failed. */
  | { kind: 'overview'; overview: Overview; savedAt: number | null }
  /** The call failed and no copy is kept. */
  | { kind: 'failed' }

/**
 * Loads `owner`'s overview (null owner = signed out). The user id of the owner may be unknown yet right after a
 * sign-in on an old copy of the app; then nothing is kept or read, the answer is still shown.
 * @param saved where overviews are kept (default IndexedDB)
 * @param now clock for the kept copy's time, ms
 */
export async function loadOverview(
  api: Pick<Api, 'overview'>,
  owner: OverviewOwner | null,
  loggedIn: boolean,
  saved: OverviewStore = savedOverviews,
  now: () => number = Date.now,
): Promise<OverviewData> {
  if (!loggedIn) return { kind: 'signed-out' }
  try {
    const overview = await api.overview({ silent: true })
    // The answer says which book it is of: a switch made meanwhile (another tab) must not file it under the other.
    if (owner) void saved.save({ ...owner, book: overview.book }, overview, now())
    return { kind: 'overview', overview, savedAt: null }
  } catch (err) {
    // A rejected session: the request layer has logged out and gone to login; nothing of this user is shown.
    if (isApiError(err) && err.kind === 'auth') return { kind: 'signed-out' }
    const last = owner ? await saved.load(owner) : undefined
    return last ? { kind: 'overview', overview: last.overview, savedAt: last.savedAt } : { kind: 'failed' }
  }
}
