/**
 * Market list items and ticker snapshots for the market-screen unit tests: realistic defaults, only what a test is
 * about passed in.
 */
import type { TickerSnapshot } from '../../common/engine-api'
import type { MarketItem } from '../../common/market'

/** A market list item (common/api market_list) for `symbol`; base name = the symbol in capitals unless overridden. */
export function marketItem(
  symbol: string,
  category: MarketItem['category'] = 'spot',
  quote = 'USDT',
  overrides: Partial<MarketItem> = {},
): MarketItem {
  return {
    currency_id: 1,
    currency_name: symbol.toUpperCase(),
    legal_name: quote,
    logo: '',
    matches_id: 1,
    market_from: 2,
    symbol,
    extends: symbol,
    category,
    price_precision: 2,
    amount_precision: 2,
    tradable: { spot: true, contract: true, option: true },
    popular: false,
    sort: 0,
    ...overrides,
  }
}

/**
 * A 24 h ticker from `open` to `close` with volume `vol` (base currency): best bid and ask at `close`, received live
 * at 1000 ms unless `extra` says otherwise (`ts` follows `receivedAt`).
 */
export function tickerSnapshot(
  symbol: string,
  open: number,
  close: number,
  vol: number,
  extra: Partial<TickerSnapshot> = {},
): TickerSnapshot {
  const receivedAt = extra.receivedAt ?? 1000
  return {
    symbol,
    open,
    close,
    vol,
    high: close,
    low: open,
    amount: 1,
    count: 1,
    bid: close,
    bidSize: 1,
    ask: close,
    askSize: 1,
    lastPrice: close,
    lastSize: 1,
    ts: receivedAt,
    receivedAt,
    origin: 'live',
    ...extra,
  }
}

/** BTC/USDT spot as the server lists it (popular, first in the list). */
export const btcUsdt: MarketItem = marketItem('btcusdt', 'spot', 'USDT', {
  currency_name: 'BTC',
  logo: '/coins/btc.svg',
  matches_id: 2,
  amount_precision: 6,
  popular: true,
  sort: 1,
})
