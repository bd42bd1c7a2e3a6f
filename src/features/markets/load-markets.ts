/**
 * Route loader helper for market screens: the whole `currency/currency_list` (one URL, so the service worker's
 * cached copy serves every tab offline), never throwing so a screen can show its own retry state. Each good answer
 * is also kept on the device (saved-markets.ts) and stands in when the network fails and the service worker holds
 * no copy, as after a first short visit. The list's price precisions are remembered for text made away from a market
 * screen (src/state/market-precisions.ts).
 */
import type { MarketItem } from '../../../common/market'
import type { PublicApi } from '../../api/public'
import { rememberPrecisions } from '../../state/market-precisions'
import { savedMarkets, type MarketListStore } from './saved-markets'

export interface MarketsData {
  /** Listed markets in operator sort order; empty when the list could not be loaded. */
  items: MarketItem[]
  /** True when the list could not be loaded (offline with nothing cached, server error). */
  failed: boolean
  /** When the list shown was fetched (epoch ms), if it is the device's copy because the network failed. */
  savedAt?: number
}

const bySort = (items: readonly MarketItem[]) => [...items].sort((a, b) => a.sort - b.sort)

/**
 * Loads every listed market: from the API (keeping a copy in `saved`), else the last copy kept.
 * @param saved where the last good list is kept (default: IndexedDB)
 * @param now clock for the copy's time, ms
 */
export async function loadMarkets(
  api: Pick<PublicApi, 'getCurrencyList'>,
  saved: MarketListStore = savedMarkets,
  now: () => number = Date.now,
): Promise<MarketsData> {
  let items: MarketItem[]
  try {
    items = await api.getCurrencyList(undefined, { silent: true })
  } catch {
    const last = await saved.load()
    if (last) rememberPrecisions(last.items)
    return last ? { items: bySort(last.items), failed: false, savedAt: last.savedAt } : { items: [], failed: true }
  }
  void saved.save(items, now())
  rememberPrecisions(items)
  return { items: bySort(items), failed: false }
}
