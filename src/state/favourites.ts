/**
 * The markets the user starred (issue 24 part 1), as feed symbols (`extends`: `btcusdt`, `BTC-USDT`), newest first,
 * kept on this device under `FAVOURITES` and, while signed in, in the account too (routes/-components/FavouritesSync.tsx:
 * at sign-in the device's stars join the account's). Logout empties the device's list (the account keeps it), so the
 * next person on this phone does not see — or inherit at their sign-in — the last one's. The Market tab lists them first when there are any; the
 * K-line page's star toggles one.
 */
import { proxy } from 'valtio'
import { MAX_FAVOURITES } from '../../common/api/favourites'
import { readStored, writeStored } from './storage'

const KEY = 'FAVOURITES'
/** At most this many are kept (the oldest star goes first). */
export { MAX_FAVOURITES }

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

/** Replaces the list (the account's, merged with this device's at sign-in); kept at once. */
export function setFavourites(symbols: readonly string[]): void {
  favouritesStore.symbols = [...new Set(symbols)].slice(0, MAX_FAVOURITES)
  writeStored(KEY, favouritesStore.symbols)
}

/**
 * What a sign-in keeps: the stars made on this device that the account lacks (made most recently: first), then the
 * account's, each once, at most MAX_FAVOURITES.
 */
export function mergeFavourites(account: readonly string[], device: readonly string[]): string[] {
  const onlyHere = device.filter((s) => !account.includes(s))
  return [...new Set([...onlyHere, ...account])].slice(0, MAX_FAVOURITES)
}
