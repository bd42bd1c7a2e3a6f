/**
 * A market's trading terms: fee rates, the smallest order, the slippage cap of market orders and whether spot and
 * micro trading are open. An operator sets them per market (market_trade_config); a market without a row trades on
 * DEFAULT_TERMS, with spot open where the market is tradable on spot (markets.tradable_spot).
 */
import { eq } from 'drizzle-orm'
import { parseDecimal, type DecimalString } from '../../../common/amount'
import type { Db } from '../../db/client'
import { marketTradeConfig, markets } from '../../db/schema'

/** A market's trading terms; rates are fractions (0.002 = 0.2 %). */
export interface TradeTerms {
  symbol: string
  base: string
  quote: string
  pricePrecision: number
  amountPrecision: number
  takerFeeRate: DecimalString
  makerFeeRate: DecimalString
  /** Smallest order, base currency. */
  minAmount: DecimalString
  /** Farthest a market order may fill from the best price, as a fraction of it. */
  slippageCap: DecimalString
  spotOpen: boolean
  microOpen: boolean
}

/**
 * Terms of a market without an operator row: 0.2 % for takers and makers (HTX's standard spot tier, 0.2 %, as
 * published in its fee schedule), a 5 % slippage cap, and the smallest order one unit of the amount precision.
 */
export const DEFAULT_TERMS = { takerFeeRate: '0.002', makerFeeRate: '0.002', slippageCap: '0.05' } as const

/** The terms of `symbol`, or undefined when no market of that symbol is listed. */
export async function tradeTerms(db: Db, symbol: string): Promise<TradeTerms | undefined> {
  const [m] = await db.select().from(markets).where(eq(markets.symbol, symbol))
  if (!m) return undefined
  const [c] = await db.select().from(marketTradeConfig).where(eq(marketTradeConfig.symbol, symbol))
  const unit = parseDecimal(m.amountPrecision === 0 ? '1' : `0.${'0'.repeat(m.amountPrecision - 1)}1`)
  return {
    symbol,
    base: m.base,
    quote: m.quote,
    pricePrecision: m.pricePrecision,
    amountPrecision: m.amountPrecision,
    takerFeeRate: parseDecimal(c?.takerFeeRate ?? DEFAULT_TERMS.takerFeeRate),
    makerFeeRate: parseDecimal(c?.makerFeeRate ?? DEFAULT_TERMS.makerFeeRate),
    minAmount: c ? parseDecimal(c.minAmount) : unit,
    slippageCap: parseDecimal(c?.slippageCap ?? DEFAULT_TERMS.slippageCap),
    spotOpen: c ? c.spotOpen && m.tradableSpot : m.tradableSpot,
    microOpen: c ? c.microOpen && m.tradableOption : m.tradableOption,
  }
}
