/**
 * The last assets overview the server answered, kept in IndexedDB (database `tc-assets`, store `overview`) with the
 * time it arrived, per user and book, so Assets still shows balances offline or with the server down — with their
 * age. It is the user's data: logout empties the database (src/state/user-data.ts empties every database not listed
 * as public), so the next person on the device sees nothing of it. Read back through the contract's schema, since
 * an older version or a hand edit may have left anything there.
 */
import { createStore, get, set, type UseStore } from 'idb-keyval'
import * as z from 'zod/mini'
import { overviewSchema, type Book, type Overview } from '../../../common/api/assets'

const DB_NAME = 'tc-assets'
const STORE_NAME = 'overview'

const savedSchema = z.object({ overview: overviewSchema, savedAt: z.number() })

/** A kept overview and when it was fetched (epoch ms). */
export type SavedOverview = z.infer<typeof savedSchema>

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

let db: UseStore | undefined
const store = () => (db ??= createStore(DB_NAME, STORE_NAME))
const keyOf = (owner: OverviewOwner) => `${owner.userId}:${owner.book}`

/** The page's IndexedDB store; storage failures (private mode, quota, no IndexedDB) keep nothing. */
export const savedOverviews: OverviewStore = {
  async save(owner, overview, savedAt) {
    try {
      await set(keyOf(owner), { overview, savedAt } satisfies SavedOverview, store())
    } catch {
      // A convenience for offline use, never a reason to fail the screen.
    }
  },
  async load(owner) {
    try {
      const parsed = savedSchema.safeParse(await get<unknown>(keyOf(owner), store()))
      return parsed.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  },
}
