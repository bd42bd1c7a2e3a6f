/**
 * A market's trading terms: fee rates, the smallest order, the slippage cap of market orders, the oldest price that
 * may move money (freshness.ts) and whether spot and micro trading are open. An operator sets them per market (market_trade_config); a market without a row trades on
 * DEFAULT_TERMS, with spot open where the market is tradable on spot (markets.tradable_spot).
 */
import { eq } from 'drizzle-orm'
import { compare, parseDecimal, sign, type DecimalString } from '../../../common/amount'
import type { MarketTradeConfig, MarketTradeConfigInput } from '../../../common/api/trade'
import { notifyChange } from '../../cache/change-feed'
import { dbMemo } from '../../cache/db-memo'
import type { Db } from '../../db/client'
import { marketTradeConfig, markets } from '../../db/schema'
import { fieldError } from '../../money/amounts'
import { DEFAULT_PRICE_MAX_AGE_MS, forgetPriceMaxAges } from '../freshness'

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
  /**
   * The oldest feed price (book, trade, mark) that may move money on this market, ms: the operator's
   * `price_max_age_ms`, else DEFAULT_PRICE_MAX_AGE_MS (2 s). Read by `priceMaxAgeMs` (freshness.ts).
   */
  priceMaxAgeMs: number
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
    priceMaxAgeMs: c?.priceMaxAgeMs ?? DEFAULT_PRICE_MAX_AGE_MS,
  }
}

/** How long placement keeps a market's terms in memory before reading them again, ms. */
export const TERMS_CACHE_MS = 1_000

const termsMemo = dbMemo(TERMS_CACHE_MS, tradeTerms)

/**
 * `tradeTerms` for the placement path, kept in memory for TERMS_CACHE_MS per database handle (two queries saved on
 * every order): saving terms in this process drops the copies at once, another process sees the change within
 * TERMS_CACHE_MS, as it sees a new maximum price age (freshness.ts).
 */
export function placementTerms(db: Db, symbol: string): Promise<TradeTerms | undefined> {
  return termsMemo.get(db, symbol)
}

/** The terms as the operator calls answer them. */
export function termsView(t: TradeTerms): MarketTradeConfig {
  return {
    symbol: t.symbol,
    base: t.base,
    quote: t.quote,
    taker_fee_rate: t.takerFeeRate,
    maker_fee_rate: t.makerFeeRate,
    min_amount: t.minAmount,
    slippage_cap: t.slippageCap,
    spot_open: t.spotOpen,
    micro_open: t.microOpen,
    price_precision: t.pricePrecision,
    amount_precision: t.amountPrecision,
    price_max_age_ms: t.priceMaxAgeMs,
  }
}

/**
 * Saves a market's trading terms (and its order precisions when given; `price_max_age_ms` when given, null for the
 * default); answers them as saved. Opening spot or micro also marks the market tradable there.
 * @throws DomainError naming the field: `marketUnknown` (symbol); `feeRateInvalid` (taker_fee_rate, maker_fee_rate);
 *   `slippageCapInvalid` (slippage_cap); `amountNotPositive` (min_amount below 0)
 */
export async function saveTradeTerms(db: Db, input: MarketTradeConfigInput): Promise<MarketTradeConfig> {
  const rate = (field: 'taker_fee_rate' | 'maker_fee_rate') => {
    const v = parseDecimal(input[field])
    if (sign(v) < 0 || compare(v, parseDecimal('1')) >= 0) throw fieldError(field, 'feeRateInvalid')
    return v
  }
  const taker = rate('taker_fee_rate')
  const maker = rate('maker_fee_rate')
  const cap = parseDecimal(input.slippage_cap)
  if (sign(cap) <= 0 || compare(cap, parseDecimal('1')) >= 0) throw fieldError('slippage_cap', 'slippageCapInvalid')
  const min = parseDecimal(input.min_amount)
  if (sign(min) < 0) throw fieldError('min_amount', 'amountNotPositive')
  const saved = await db.transaction(async (tx) => {
    const [m] = await tx.select().from(markets).where(eq(markets.symbol, input.symbol)).for('update')
    if (!m) throw fieldError('symbol', 'marketUnknown')
    const market = {
      ...(input.price_precision === undefined ? {} : { pricePrecision: input.price_precision }),
      ...(input.amount_precision === undefined ? {} : { amountPrecision: input.amount_precision }),
      ...(input.spot_open ? { tradableSpot: true } : {}),
      ...(input.micro_open ? { tradableOption: true } : {}),
    }
    if (Object.keys(market).length > 0) await tx.update(markets).set(market).where(eq(markets.symbol, input.symbol))
    // The market list answered from memory says where a market trades: every process drops its copy on commit.
    await notifyChange(tx, 'markets')
    const row = {
      takerFeeRate: taker,
      makerFeeRate: maker,
      minAmount: min,
      slippageCap: cap,
      spotOpen: input.spot_open,
      microOpen: input.micro_open,
      ...(input.price_max_age_ms === undefined ? {} : { priceMaxAgeMs: input.price_max_age_ms }),
      updatedAt: new Date(),
    }
    await tx
      .insert(marketTradeConfig)
      .values({ symbol: input.symbol, ...row })
      .onConflictDoUpdate({ target: marketTradeConfig.symbol, set: row })
    return termsView((await tradeTerms(tx, input.symbol))!)
  })
  // This process reads the new limit at once; the others within PRICE_MAX_AGE_CACHE_MS (freshness.ts).
  forgetPriceMaxAges()
  termsMemo.forget()
  return saved
}
