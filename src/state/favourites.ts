/**
 * The markets the user starred (issue 24 part 1), as feed symbols (`extends`: `btcusdt`, `BTC-USDT`), newest first,
 * kept on this device under `FAVOURITES` (a preference, not account data: it stays at logout). The Market tab lists
 * them first when there are any; the K-line page's star toggles one.
 */
import { proxy } from 'valtio'
import { readStored, writeStored } from './storage'

const KEY = 'FAVOURITES'
/** At most this many are kept (the oldest star goes first). */
export const MAX_FAVOURITES = 200

const isSymbols = (v: unknown): v is string[] =>
  Array.isArray(v) &&
  v.length <= MAX_FAVOURITES &&
  v.every((s) => typeof s === 'string' && /^[A-Za-z0-9-]{1,32}$/.test(s))

export const favouritesStore = proxy<{ symbols: string[] }>({ symbols: readStored(KEY, isSymbols, []) })

/** True when `symbol` is starred. */
export function isFavourite(symbol: string): boolean {
  return favouritesStore.symbols.includes(symbol)
}

/** Stars `symbol` (first in the list) or, when starred, removes it; kept at once. */
export function toggleFavourite(symbol: string): void {
  const rest = favouritesStore.symbols.filter((s) => s !== symbol)
  favouritesStore.symbols =
    rest.length === favouritesStore.symbols.length ? [symbol, ...rest].slice(0, MAX_FAVOURITES) : rest
  writeStored(KEY, favouritesStore.symbols)
}
