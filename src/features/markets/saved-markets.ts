/**
 * The last market list the server answered, kept in IndexedDB with the time it arrived, so a reload offline or with
 * the server down shows the markets even when the service worker never saw the list (a first visit: the list is
 * fetched before the new service worker takes control). Stored as `markets` next to the market engine's snapshots
 * (database `tc-market-engine`, store `snapshots`, see src-worker/persist/records.ts): public data, kept at logout
 * (src/state/user-data.ts). Read back through a zod schema, since an older version or a hand edit may have left
 * anything there.
 */
import { createStore, get, set, type UseStore } from 'idb-keyval'
import * as z from 'zod/mini'
import { marketItemSchema } from '../../../common/api/public'
import type { MarketItem } from '../../../common/market'

/** The market engine's database and store (src-worker/persist/snapshot-store.ts); the page owns this one key. */
const DB_NAME = 'tc-market-engine'
const STORE_NAME = 'snapshots'
const KEY = 'markets'

const savedSchema = z.object({ items: z.array(marketItemSchema), savedAt: z.number() })

/** A stored list: the markets and when they were fetched (epoch ms). */
export type SavedMarketList = z.infer<typeof savedSchema>

/** Where the list is kept; an in-memory stand-in in unit tests. */
export interface MarketListStore {
  /** Keeps `items` as the last good list, fetched at `savedAt` (ms). Never rejects. */
  save(items: MarketItem[], savedAt: number): Promise<void>
  /** The last good list, or undefined when none (or an unreadable one) is stored. Never rejects. */
  load(): Promise<SavedMarketList | undefined>
}

let db: UseStore | undefined
const store = () => (db ??= createStore(DB_NAME, STORE_NAME))

/** The IndexedDB store of the page; storage failures (private mode, quota, no IndexedDB) keep nothing. */
export const savedMarkets: MarketListStore = {
  async save(items, savedAt) {
    try {
      await set(KEY, { items, savedAt } satisfies SavedMarketList, store())
    } catch {
      // A convenience for offline starts, never a reason to fail a screen.
    }
  },
  async load() {
    try {
      const parsed = savedSchema.safeParse(await get<unknown>(KEY, store()))
      return parsed.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  },
}
