/**
 * Markets as the app lists them: categories of the Market tab and the row shape of `currency/currency_list`
 * (spec §3: the dealSymbol fields plus `extends`, the market symbol used in feed topics).
 */

/** Market tab categories (spec §2): spot = digital currency, futures = perpetual contracts, forex = foreign exchange. */
export const MARKET_CATEGORIES = ['spot', 'futures', 'forex'] as const
export type MarketCategory = (typeof MARKET_CATEGORIES)[number]

/** Where a market can be traded: spot trade, lever (contract) and micro (option) screens. */
export interface Tradable {
  spot: boolean
  contract: boolean
  option: boolean
}

/**
 * One listed market, as `currency/currency_list` answers it.
 * - `symbol` and `extends`: the feed symbol (`btcusdt` for spot and forex, `BTC-USDT` for futures, as HTX spells
 *   contract codes); topics are `market.{extends}.…`.
 * - `currency_name` base currency ("BTC"), `legal_name` quote currency ("USDT").
 * - `price_precision` / `amount_precision`: decimals of prices (quote currency) and amounts (base currency).
 */
export interface MarketItem {
  currency_id: number
  currency_name: string
  legal_name: string
  logo: string
  matches_id: number
  market_from: number
  symbol: string
  extends: string
  category: MarketCategory
  price_precision: number
  amount_precision: number
  tradable: Tradable
  /** Shown in the Home popular list. */
  popular: boolean
  sort: number
}

/** The default pair of every dealSymbol entry (spec §3): BTC/USDT. */
export const DEFAULT_DEAL_SYMBOL = {
  currency_id: 1,
  currency_name: 'BTC',
  legal_name: 'USDT',
  logo: '/coins/btc.svg',
  matches_id: 2,
  market_from: 2,
  symbol: 'btcusdt',
  extends: 'btcusdt',
} as const

export type DealSymbol = {
  currency_id: number
  currency_name: string
  legal_name: string
  logo: string
  matches_id: number
  market_from: number
  symbol: string
  extends: string
}
