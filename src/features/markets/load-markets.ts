/**
 * Route loader helper for market screens: the whole `currency/currency_list` (one URL, so the service worker's
 * cached copy serves every tab offline), never throwing so a screen can show its own retry state.
 */
import type { MarketItem } from '../../../common/market'
import type { PublicApi } from '../../api/public'

export interface MarketsData {
  /** Listed markets in operator sort order; empty when the list could not be loaded. */
  items: MarketItem[]
  /** True when the list could not be loaded (offline with nothing cached, server error). */
  failed: boolean
}

/** Loads every listed market. */
export async function loadMarkets(api: Pick<PublicApi, 'getCurrencyList'>): Promise<MarketsData> {
  try {
    const items = await api.getCurrencyList(undefined, { silent: true })
    return { items: [...items].sort((a, b) => a.sort - b.sort), failed: false }
  } catch {
    return { items: [], failed: true }
  }
}
