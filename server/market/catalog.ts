/**
 * The venue's market catalogue: every market the app can list, with precision and where it can be traded. The
 * database is seeded from it on first start; the sim source quotes all of it (with `simPrice` as its seed price);
 * the replay and htx sources quote what their data has, matched to this table by symbol where possible.
 * Seed prices are rounded 2025–2026 levels, used only by the synthetic source.
 */
import type { MarketCategory, Tradable } from '../../common/market'
import type { SourceListing } from './types'

export interface CatalogEntry {
  symbol: string
  category: MarketCategory
  base: string
  quote: string
  price_precision: number
  amount_precision: number
  tradable: Tradable
  popular: boolean
  /** Seed price for the sim source, quote currency. */
  simPrice: string
  /** Daily volatility used by the sim source (fraction, e.g. 0.03 = 3 %). */
  simVolatility: number
  /** currency_id / matches_id of spec §3 (BTC/USDT is 1 / 2). */
  currency_id: number
  matches_id: number
}

const all: Tradable = { spot: true, contract: true, option: true }
const contractOnly: Tradable = { spot: false, contract: true, option: true }

export const CATALOG: readonly CatalogEntry[] = [
  {
    symbol: 'btcusdt',
    category: 'spot',
    base: 'BTC',
    quote: 'USDT',
    price_precision: 2,
    amount_precision: 6,
    tradable: all,
    popular: true,
    simPrice: '97000',
    simVolatility: 0.03,
    currency_id: 1,
    matches_id: 2,
  },
  {
    symbol: 'ethusdt',
    category: 'spot',
    base: 'ETH',
    quote: 'USDT',
    price_precision: 2,
    amount_precision: 4,
    tradable: all,
    popular: true,
    simPrice: '3400',
    simVolatility: 0.04,
    currency_id: 2,
    matches_id: 3,
  },
  {
    symbol: 'solusdt',
    category: 'spot',
    base: 'SOL',
    quote: 'USDT',
    price_precision: 3,
    amount_precision: 3,
    tradable: all,
    popular: true,
    simPrice: '180',
    simVolatility: 0.05,
    currency_id: 3,
    matches_id: 4,
  },
  {
    symbol: 'xrpusdt',
    category: 'spot',
    base: 'XRP',
    quote: 'USDT',
    price_precision: 4,
    amount_precision: 2,
    tradable: all,
    popular: false,
    simPrice: '2.3',
    simVolatility: 0.05,
    currency_id: 4,
    matches_id: 5,
  },
  {
    symbol: 'dogeusdt',
    category: 'spot',
    base: 'DOGE',
    quote: 'USDT',
    price_precision: 5,
    amount_precision: 2,
    tradable: all,
    popular: false,
    simPrice: '0.32',
    simVolatility: 0.06,
    currency_id: 5,
    matches_id: 6,
  },
  {
    symbol: 'adausdt',
    category: 'spot',
    base: 'ADA',
    quote: 'USDT',
    price_precision: 4,
    amount_precision: 2,
    tradable: all,
    popular: false,
    simPrice: '0.85',
    simVolatility: 0.05,
    currency_id: 6,
    matches_id: 7,
  },
  {
    symbol: 'ltcusdt',
    category: 'spot',
    base: 'LTC',
    quote: 'USDT',
    price_precision: 2,
    amount_precision: 4,
    tradable: all,
    popular: false,
    simPrice: '95',
    simVolatility: 0.04,
    currency_id: 7,
    matches_id: 8,
  },
  {
    symbol: 'BTC-USDT',
    category: 'futures',
    base: 'BTC',
    quote: 'USDT',
    price_precision: 1,
    amount_precision: 3,
    tradable: contractOnly,
    popular: true,
    simPrice: '97010',
    simVolatility: 0.03,
    currency_id: 1,
    matches_id: 101,
  },
  {
    symbol: 'ETH-USDT',
    category: 'futures',
    base: 'ETH',
    quote: 'USDT',
    price_precision: 2,
    amount_precision: 3,
    tradable: contractOnly,
    popular: false,
    simPrice: '3401',
    simVolatility: 0.04,
    currency_id: 2,
    matches_id: 102,
  },
  {
    symbol: 'LTC-USDT',
    category: 'futures',
    base: 'LTC',
    quote: 'USDT',
    price_precision: 2,
    amount_precision: 2,
    tradable: contractOnly,
    popular: false,
    simPrice: '95.1',
    simVolatility: 0.04,
    currency_id: 7,
    matches_id: 103,
  },
  {
    symbol: 'DOT-USDT',
    category: 'futures',
    base: 'DOT',
    quote: 'USDT',
    price_precision: 3,
    amount_precision: 1,
    tradable: contractOnly,
    popular: false,
    simPrice: '4.2',
    simVolatility: 0.05,
    currency_id: 8,
    matches_id: 104,
  },
  {
    symbol: 'AVAX-USDT',
    category: 'futures',
    base: 'AVAX',
    quote: 'USDT',
    price_precision: 3,
    amount_precision: 1,
    tradable: contractOnly,
    popular: false,
    simPrice: '26',
    simVolatility: 0.05,
    currency_id: 9,
    matches_id: 105,
  },
  {
    symbol: 'LINK-USDT',
    category: 'futures',
    base: 'LINK',
    quote: 'USDT',
    price_precision: 3,
    amount_precision: 1,
    tradable: contractOnly,
    popular: false,
    simPrice: '18',
    simVolatility: 0.05,
    currency_id: 10,
    matches_id: 106,
  },
  {
    symbol: 'NEAR-USDT',
    category: 'futures',
    base: 'NEAR',
    quote: 'USDT',
    price_precision: 4,
    amount_precision: 1,
    tradable: contractOnly,
    popular: false,
    simPrice: '3.1',
    simVolatility: 0.05,
    currency_id: 11,
    matches_id: 107,
  },
  {
    symbol: 'eurusd',
    category: 'forex',
    base: 'EUR',
    quote: 'USD',
    price_precision: 5,
    amount_precision: 2,
    tradable: contractOnly,
    popular: false,
    simPrice: '1.0850',
    simVolatility: 0.005,
    currency_id: 101,
    matches_id: 201,
  },
  {
    symbol: 'gbpusd',
    category: 'forex',
    base: 'GBP',
    quote: 'USD',
    price_precision: 5,
    amount_precision: 2,
    tradable: contractOnly,
    popular: false,
    simPrice: '1.2700',
    simVolatility: 0.006,
    currency_id: 102,
    matches_id: 202,
  },
  {
    symbol: 'usdjpy',
    category: 'forex',
    base: 'USD',
    quote: 'JPY',
    price_precision: 3,
    amount_precision: 2,
    tradable: contractOnly,
    popular: false,
    simPrice: '151.20',
    simVolatility: 0.006,
    currency_id: 103,
    matches_id: 203,
  },
  {
    symbol: 'xauusd',
    category: 'forex',
    base: 'XAU',
    quote: 'USD',
    price_precision: 2,
    amount_precision: 3,
    tradable: contractOnly,
    popular: true,
    simPrice: '2650',
    simVolatility: 0.01,
    currency_id: 104,
    matches_id: 204,
  },
]

/** Catalogue entry of a symbol, if the venue lists it. */
export function catalogEntry(symbol: string): CatalogEntry | undefined {
  return CATALOG.find((e) => e.symbol === symbol)
}

/** A catalogue entry as a source lists it (symbol, category, currencies, precisions). */
export function catalogListing(e: CatalogEntry): SourceListing {
  return {
    symbol: e.symbol,
    category: e.category,
    base: e.base,
    quote: e.quote,
    price_precision: e.price_precision,
    amount_precision: e.amount_precision,
  }
}
