/**
 * Symbol and category of a replay file, read from its name:
 * - `BASE_QUOTE` (freqtrade, `…-BTC_USDT-…`) or a glued pair ending in a known quote currency (`…-BTCUSDT-…`);
 * - futures when the name says `usdm`, `futures`, `perp` or `swap`: symbol in HTX contract-code style `LTC-USDT`,
 *   so it never clashes with the spot symbol `ltcusdt`;
 * - otherwise the lowercase spot symbol `btcusdt` (category from the catalog when it lists that symbol, e.g. forex).
 */
import type { MarketCategory } from '../../../../common/market'
import { catalogEntry } from '../../catalog'

export interface FileSymbol {
  symbol: string
  category: MarketCategory
  base: string
  quote: string
}

/** Quote currencies recognised at the end of a glued pair, longest first. */
const QUOTES = ['FDUSD', 'USDT', 'USDC', 'BUSD', 'TUSD', 'USD', 'BTC', 'ETH', 'BNB', 'EUR', 'TRY', 'JPY', 'GBP']

const FUTURES = /(^|[-_.])(usdm|um|coinm|cm|futures?|perp(etual)?|swap)([-_.]|$)/i

/** Reads the symbol from a file name (no directory); undefined when the name carries none. */
export function symbolFromFileName(name: string): FileSymbol | undefined {
  const stem = name.replace(/\.(csv|json|txt)$/i, '')
  const pair = splitPair(stem)
  if (!pair) return undefined
  const { base, quote } = pair
  if (FUTURES.test(stem)) return { symbol: `${base}-${quote}`, category: 'futures', base, quote }
  const symbol = (base + quote).toLowerCase()
  return { symbol, category: catalogEntry(symbol)?.category ?? 'spot', base, quote }
}

function splitPair(stem: string): { base: string; quote: string } | undefined {
  const tokens = stem.split(/[-.\s]+/)
  for (const token of tokens) {
    const m = /^([A-Za-z0-9]{2,12})_([A-Za-z]{2,6})$/.exec(token)
    if (m) return { base: (m[1] as string).toUpperCase(), quote: (m[2] as string).toUpperCase() }
  }
  for (const token of tokens) {
    const upper = token.toUpperCase()
    if (!/^[A-Z0-9]{4,20}$/.test(upper) || !/[A-Z]/.test(upper)) continue
    const quote = QUOTES.find((q) => upper.endsWith(q) && upper.length - q.length >= 2)
    if (quote) {
      const base = upper.slice(0, -quote.length)
      if (/[A-Z]/.test(base)) return { base, quote }
    }
  }
  return undefined
}
