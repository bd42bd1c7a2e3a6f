/**
 * Public answers the trading screens need before they can show anything (a market's trading and contract terms),
 * kept in IndexedDB next to the market engine's snapshots (database `tc-market-engine`, store `snapshots`, keys
 * `terms:<name>:<symbol>`; public data, kept at logout: src/state/user-data.ts), so /trade and /lever open offline
 * even when the service worker never saw the answer (issue 24 part 9). Read back through the contract's schema.
 */
import { createStore, get, set, type UseStore } from 'idb-keyval'
import type * as z from 'zod/mini'

const DB_NAME = 'tc-market-engine'
const STORE_NAME = 'snapshots'

let db: UseStore | undefined
const store = () => (db ??= createStore(DB_NAME, STORE_NAME))

/**
 * Reads `fetch()`; keeps a good answer under `key` and, when the read fails, answers the kept one instead (rejects
 * with the read's error when none, or an unreadable one, is kept). Storage failures never reject.
 * @param key e.g. `terms:spot:btcusdt`
 */
export async function withKeptCopy<T>(key: string, schema: z.ZodMiniType<T>, fetch: () => Promise<T>): Promise<T> {
  let value: T
  try {
    value = await fetch()
  } catch (err) {
    const parsed = schema.safeParse(await read(key))
    if (parsed.success) return parsed.data
    throw err
  }
  void write(key, value)
  return value
}

/** The kept value of `key`; undefined when none or when storage is missing or refuses (private mode, no IndexedDB). */
async function read(key: string): Promise<unknown> {
  try {
    return await get<unknown>(key, store())
  } catch {
    return undefined
  }
}

async function write(key: string, value: unknown): Promise<void> {
  try {
    await set(key, value, store())
  } catch {
    // A convenience for offline use, never a reason to fail the screen.
  }
}
