/**
 * The signed-in user's data kept by the browser outside the token and USERINFO (reliability F4, DESIGN §6): every
 * IndexedDB database and every Cache Storage cache is the user's unless listed here as public. Logout empties the
 * user's ones, so the next person on the device sees nothing of the last, online or offline. Public data stays:
 * the market engine's last snapshots and the service worker's app shell and public API answers.
 */

/**
 * IndexedDB databases holding no user data: the market engine's last tickers, books and candles
 * (`DB_NAME` of src-worker/persist/snapshot-store.ts).
 */
export const PUBLIC_DATABASES: readonly string[] = ['tc-market-engine']

/** idb-keyval's default database, emptied also where `indexedDB.databases()` is missing (Firefox before 126). */
const IDB_KEYVAL_DEFAULT_DB = 'keyval-store'

/**
 * True for Cache Storage caches holding no user data: workbox's precache of the built app (`workbox-precache-v2-…`)
 * and the one runtime cache of the four public API answers (`api-public` in vite.config.ts).
 */
export function isPublicCache(name: string): boolean {
  return name.startsWith('workbox-precache') || name === 'api-public'
}

/** Where the data lives; defaults to the page's (or worker's) globals. Injected in tests. */
export interface BrowserStores {
  indexedDB?: IDBFactory | undefined
  caches?: Pick<CacheStorage, 'keys' | 'delete'> | undefined
}

/**
 * Empties every non-public IndexedDB database and deletes every non-public cache. Never rejects: storage that is
 * missing or refuses (private mode) is skipped with a warning, since logout must complete regardless.
 * @returns names of the databases emptied and the caches deleted
 */
export async function clearUserData(
  stores: BrowserStores = globalStores(),
): Promise<{ databases: string[]; caches: string[] }> {
  const [databases, caches] = await Promise.all([
    stores.indexedDB ? emptyDatabases(stores.indexedDB) : [],
    stores.caches ? deleteCaches(stores.caches) : [],
  ])
  return { databases, caches }
}

function globalStores(): BrowserStores {
  return {
    indexedDB: typeof indexedDB === 'undefined' ? undefined : indexedDB,
    caches: typeof caches === 'undefined' ? undefined : caches,
  }
}

async function emptyDatabases(idb: IDBFactory): Promise<string[]> {
  let names: string[]
  try {
    names =
      typeof idb.databases === 'function'
        ? (await idb.databases()).flatMap((d) => (d.name ? [d.name] : []))
        : [IDB_KEYVAL_DEFAULT_DB]
  } catch (err) {
    console.warn('logout: cannot list IndexedDB databases', err)
    names = [IDB_KEYVAL_DEFAULT_DB]
  }
  const mine = names.filter((n) => !PUBLIC_DATABASES.includes(n))
  const done = await Promise.all(mine.map((n) => emptyDatabase(idb, n)))
  return mine.filter((_, i) => done[i])
}

/**
 * Clears every object store of `name` in one transaction. Clearing rather than `deleteDatabase`, because a delete
 * waits for every open connection to close (idb-keyval keeps its connection open for the page's life), while a
 * clear takes effect now. A database that does not exist is not created. Resolves true when it was emptied.
 */
function emptyDatabase(idb: IDBFactory, name: string): Promise<boolean> {
  return new Promise((resolve) => {
    let req: IDBOpenDBRequest
    try {
      req = idb.open(name)
    } catch {
      resolve(false)
      return
    }
    req.onupgradeneeded = () => req.transaction?.abort() // it did not exist: leave it so
    req.onerror = () => resolve(false)
    req.onsuccess = () => {
      const db = req.result
      const storeNames = Array.from(db.objectStoreNames)
      if (storeNames.length === 0) {
        db.close()
        resolve(true)
        return
      }
      const tx = db.transaction(storeNames, 'readwrite')
      for (const s of storeNames) tx.objectStore(s).clear()
      let settled = false
      const end = (ok: boolean) => () => {
        if (settled) return // an error is followed by an abort
        settled = true
        db.close()
        if (!ok) console.warn(`logout: could not empty IndexedDB ${name}`, tx.error)
        resolve(ok)
      }
      tx.oncomplete = end(true)
      tx.onerror = end(false)
      tx.onabort = end(false)
    }
  })
}

async function deleteCaches(cs: Pick<CacheStorage, 'keys' | 'delete'>): Promise<string[]> {
  try {
    const mine = (await cs.keys()).filter((n) => !isPublicCache(n))
    await Promise.all(mine.map((n) => cs.delete(n)))
    return mine
  } catch (err) {
    console.warn('logout: cannot clear Cache Storage', err)
    return []
  }
}
