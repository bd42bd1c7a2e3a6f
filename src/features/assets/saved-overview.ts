/**
 * The last assets overview the server answered, kept on the device with the time it arrived, per user and book, so
 * Assets still shows balances offline or with the server down — with their age. Kept with the trading screens' other
 * answers (src/features/kept: IndexedDB `tc-kept`, emptied at logout, read back through the contract's schema).
 */
import { overviewSchema, type Book, type Overview } from '../../../common/api/assets'
import { keptAnswers } from '../kept'

/** A kept overview and when it was fetched (epoch ms). */
export interface SavedOverview {
  overview: Overview
  savedAt: number
}

/** Whose overview: one per user and book (the demo book's balances are not the live ones). */
export interface OverviewOwner {
  userId: number
  book: Book
}

/** Where overviews are kept; an in-memory stand-in in unit tests. */
export interface OverviewStore {
  /** Keeps `overview` as `owner`'s last one, fetched at `savedAt` (ms). Never rejects. */
  save(owner: OverviewOwner, overview: Overview, savedAt: number): Promise<void>
  /** `owner`'s last overview, or undefined when none (or an unreadable one) is kept. Never rejects. */
  load(owner: OverviewOwner): Promise<SavedOverview | undefined>
}

const KEY = 'assets-overview'

/** The page's IndexedDB store; storage failures (private mode, quota, no IndexedDB) keep nothing. */
export const savedOverviews: OverviewStore = {
  save: (owner, overview, savedAt) => keptAnswers.save(owner, KEY, overview, savedAt),
  async load(owner) {
    const last = await keptAnswers.load(owner, KEY, overviewSchema)
    return last && { overview: last.value, savedAt: last.savedAt }
  },
}
