/**
 * What the app kept on the device for offline starts, read from the page: the market engine's IndexedDB
 * (src-worker/persist/snapshot-store.ts: tickers, books, candles, trades) and the page's `markets` next to them.
 */
import { expect, type Page } from '@playwright/test'

export type StoredKey = 'tickers' | 'books' | 'candles' | 'trades' | 'markets'

/**
 * A value of the engine's store, or null when the database or key does not exist yet. Never creates the database
 * (an empty one opened here would lack the store the app creates on first open).
 */
export function stored(page: Page, key: StoredKey): Promise<unknown> {
  return page.evaluate(async (k) => {
    const dbs = await indexedDB.databases()
    if (!dbs.some((d) => d.name === 'tc-market-engine')) return null
    return new Promise<unknown>((resolve) => {
      const req = indexedDB.open('tc-market-engine')
      req.onerror = () => resolve(null)
      req.onsuccess = () => {
        const db = req.result
        if (!db.objectStoreNames.contains('snapshots')) return (db.close(), resolve(null))
        const get = db.transaction('snapshots').objectStore('snapshots').get(k)
        get.onsuccess = () => (db.close(), resolve(get.result ?? null))
        get.onerror = () => (db.close(), resolve(null))
      }
    })
  }, key as string)
}

/** Keys of a stored list: `symbol` (tickers, books, trades) or `symbol|period` (candles). */
export async function storedSymbols(page: Page, key: Exclude<StoredKey, 'markets'>): Promise<string[]> {
  const list = (await stored(page, key)) as { symbol: string; period?: string }[] | null
  return (list ?? []).map((e) => (e.period ? `${e.symbol}|${e.period}` : e.symbol))
}

/** Waits until the engine has written `wanted` under `key` (it writes at most every 5 s). */
export async function kept(page: Page, key: Exclude<StoredKey, 'markets'>, wanted: string[]): Promise<void> {
  await expect
    .poll(() => storedSymbols(page, key), {
      message: `the engine kept ${key} of ${wanted.join(', ')}`,
      timeout: 20_000,
    })
    .toEqual(expect.arrayContaining(wanted))
}

/** Waits until the page kept the market list on the device. */
export async function marketListKept(page: Page): Promise<void> {
  await expect
    .poll(async () => ((await stored(page, 'markets')) as { items?: unknown[] } | null)?.items?.length ?? 0, {
      message: 'the market list is kept on the device',
    })
    .toBeGreaterThan(0)
}

/** Waits until the service worker installed by a first visit controls the page (clientsClaim, no reload). */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      message: 'the first visit is controlled by its service worker without a reload',
      timeout: 30_000,
    })
    .toBe(true)
}
