/**
 * The signed-in user's last answers of the trading screens (open orders, futures account and positions), kept in
 * IndexedDB (database `tc-kept`, store `answers`) with the time they arrived, per user, book and screen key, so /trade
 * and /lever still show them offline — with their age (issue 24 part 9). It is the user's data: logout empties the
 * database (src/state/user-data.ts empties every database not listed as public). Read back through the contract's
 * schema: an older version or a hand edit may have left anything there.
 */
import { createStore, get, set, type UseStore } from 'idb-keyval'
import * as z from 'zod/mini'
import type { Book } from '../../../common/api/assets'
import { isLoggedIn } from '../../state/session'
import { userStore } from '../../state/user'

const DB_NAME = 'tc-kept'
const STORE_NAME = 'answers'

/** Whose answers: one set per user and book (the demo book's orders are not the live ones). */
export interface KeptOwner {
  userId: number
  book: Book
}

/** A kept answer and when it was fetched (epoch ms). */
export interface Kept<T> {
  value: T
  savedAt: number
}

/** Where answers are kept; an in-memory stand-in in unit tests. */
export interface KeptStore {
  /** Keeps `value` as `owner`'s last answer for `key`, fetched at `savedAt` (ms). Never rejects. */
  save(owner: KeptOwner, key: string, value: unknown, savedAt: number): Promise<void>
  /** `owner`'s last answer for `key` when it passes `schema`; undefined when none or unreadable. Never rejects. */
  load<T>(owner: KeptOwner, key: string, schema: z.ZodMiniType<T>): Promise<Kept<T> | undefined>
}

let db: UseStore | undefined
const store = () => (db ??= createStore(DB_NAME, STORE_NAME))
const keyOf = (owner: KeptOwner, key: string) => `${owner.userId}:${owner.book}:${key}`

/** The page's IndexedDB store; storage failures (private mode, quota, no IndexedDB) keep nothing. */
export const keptAnswers: KeptStore = {
  async save(owner, key, value, savedAt) {
    try {
      await set(keyOf(owner, key), { value, savedAt }, store())
    } catch {
      // A convenience for offline use, never a reason to fail the screen.
    }
  },
  async load(owner, key, schema) {
    try {
      const parsed = z
        .object({ value: schema, savedAt: z.number() })
        .safeParse(await get<unknown>(keyOf(owner, key), store()))
      return parsed.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  },
}

/** The signed-in user and book whose answers are kept now; null when signed out or the user info is not in yet. */
export function keptOwner(): KeptOwner | null {
  const info = userStore.info
  return isLoggedIn() && info ? { userId: info.id, book: info.book } : null
}
