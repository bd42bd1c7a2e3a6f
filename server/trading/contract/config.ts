/**
 * A market's futures terms: leverage range, maintenance margin rate, fee rates, the smallest order and whether it is
 * open. An operator sets them per market (contract_config, POST admin/contract_config); a market without a row trades
 * on CONTRACT_DEFAULTS, open where the market is tradable on contract (markets.tradable_contract) and quoted in USDT.
 */
import { eq } from 'drizzle-orm'
import { compare, divide, parseDecimal, scaleOf, sign, type DecimalString } from '../../../common/amount'
import type { ContractConfigInput, ContractMarket } from '../../../common/api/contract'
import { notifyChange } from '../../cache/change-feed'
import type { Db } from '../../db/client'
import { contractConfig, markets } from '../../db/schema'
import { fieldError } from '../../money/amounts'
import { tradeTerms } from '../spot/config'
import { riskColumnsOf, riskTermsOf, type RiskTerms } from './risk-terms'

/** The margin currency of every contract (USDT-margined perpetuals). */
export const MARGIN_CURRENCY = 'USDT'
/** Most decimals of a maintenance margin rate (the risk book keeps rates in millionths). */
export const MMR_MAX_SCALE = 6

/**
 * Terms of a market without an operator row.
 * - Leverage 1–100×: Binance offers up to 125× on BTCUSDT and HTX up to 200×; 100× keeps 1/leverage (1 %) above the
 *   maintenance rate, so no position opens already liquidatable.
 * - Maintenance margin rate 0.5 %: Binance's first tier is 0.40 % for BTCUSDT and 0.50 % for ETHUSDT and most other
 *   USDⓈ-M pairs (Binance Futures "Leverage and Margin of USDⓈ-M Futures"); one rate for all until an operator refines it.
 * - Fees: taker 0.05 %, maker 0.02 %, Binance's regular-user USDⓈ-M rates (Binance fee schedule, VIP 0).
 * - Clearance fee 0.5 % of the liquidated notional (issue 21 part 5), paid to the `insurance` account and capped at
 *   what the account has left after its liquidation: modelled on Binance's "liquidation clearance fee" (USDⓈ-M
 *   Futures: what remains of a liquidated position's margin goes to the insurance fund) and OKX's and HTX's
 *   liquidation fee (a rate of the liquidated notional). It equals the maintenance rate, so an account liquidated
 *   (equity ≤ maintenance margin) hands the insurance fund what it had left. An operator sets it per market
 *   (contract_config.clearance_fee_rate, POST admin/contract_config `clearance_fee_rate`, `npm run admin -- contract
 *   config <symbol> --clearance R`); the public GET contract/risk_limits shows it.
 */
export const CONTRACT_DEFAULTS = {
  minLeverage: 1,
  maxLeverage: 100,
  maintenanceMarginRate: '0.005',
  takerFeeRate: '0.0005',
  makerFeeRate: '0.0002',
  clearanceFeeRate: '0.005',
} as const

/**
 * A market's contract terms, with its risk limits (risk-terms.ts): `maxLeverage` and `maintenanceMarginRate` are
 * those of its first risk-limit tier.
 */
export interface ContractTerms extends RiskTerms {
  symbol: string
  base: string
  quote: string
  pricePrecision: number
  amountPrecision: number
  minLeverage: number
  maxLeverage: number
  maintenanceMarginRate: DecimalString
  takerFeeRate: DecimalString
  makerFeeRate: DecimalString
  /** A liquidation's clearance fee, fraction of the notional at the liquidation price (the market's, or the default). */
  clearanceFeeRate: DecimalString
  /** Smallest order, base currency. */
  minAmount: DecimalString
  /** Farthest a market order may fill from the best price (the market's spot slippage cap), fraction. */
  slippageCap: DecimalString
  open: boolean
}

/** The contract terms of `symbol`, or undefined when no market of that symbol is listed. */
export async function contractTerms(db: Db, symbol: string): Promise<ContractTerms | undefined> {
  const spot = await tradeTerms(db, symbol)
  if (!spot) return undefined
  const [m] = await db.select({ tradable: markets.tradableContract }).from(markets).where(eq(markets.symbol, symbol))
  const [c] = await db.select().from(contractConfig).where(eq(contractConfig.symbol, symbol))
  const tradable = Boolean(m?.tradable) && spot.quote === MARGIN_CURRENCY
  const d = parseDecimal
  const maxLeverage = c?.maxLeverage ?? CONTRACT_DEFAULTS.maxLeverage
  const maintenanceMarginRate = d(c?.maintenanceMarginRate ?? CONTRACT_DEFAULTS.maintenanceMarginRate)
  return {
    ...riskTermsOf(c, maxLeverage, maintenanceMarginRate),
    symbol,
    base: spot.base,
    quote: spot.quote,
    pricePrecision: spot.pricePrecision,
    amountPrecision: spot.amountPrecision,
    minLeverage: c?.minLeverage ?? CONTRACT_DEFAULTS.minLeverage,
    maxLeverage,
    maintenanceMarginRate,
    takerFeeRate: d(c?.takerFeeRate ?? CONTRACT_DEFAULTS.takerFeeRate),
    makerFeeRate: d(c?.makerFeeRate ?? CONTRACT_DEFAULTS.makerFeeRate),
    clearanceFeeRate: d(c?.clearanceFeeRate ?? CONTRACT_DEFAULTS.clearanceFeeRate),
    minAmount: c ? d(c.minAmount) : d(spot.amountPrecision === 0 ? '1' : `0.${'0'.repeat(spot.amountPrecision - 1)}1`),
    slippageCap: spot.slippageCap,
    open: c ? c.open && tradable : tradable,
  }
}

/** The terms as contract/market_config answers them. */
export function contractMarketView(t: ContractTerms): ContractMarket {
  return {
    symbol: t.symbol,
    base: t.base,
    quote: t.quote,
    min_leverage: t.minLeverage,
    max_leverage: t.maxLeverage,
    maintenance_margin_rate: t.maintenanceMarginRate,
    taker_fee_rate: t.takerFeeRate,
    maker_fee_rate: t.makerFeeRate,
    min_amount: t.minAmount,
    open: t.open,
    price_precision: t.pricePrecision,
    amount_precision: t.amountPrecision,
  }
}

/**
 * Saves a market's contract terms; answers them as saved. Opening also marks the market tradable on contract.
 * Risk limits (risk_tiers, max_position_notional, max_open_interest, max_net_exposure) and the clearance fee rate
 * (clearance_fee_rate) absent from the input keep
 * their saved values; null returns them to the defaults (risk-terms.ts).
 * @throws DomainError naming the field: `marketUnknown` (symbol); `leverageRangeInvalid` (min_leverage);
 *   `maintenanceRateInvalid` (maintenance_margin_rate: > 0, ≤ 6 decimals, < 1 / max_leverage); `feeRateInvalid`
 *   (taker_fee_rate, maker_fee_rate); `amountNotPositive` (min_amount below 0); `riskTiersInvalid` (risk_tiers);
 *   `riskCapInvalid` (the caps); `feeRateInvalid` (clearance_fee_rate)
 */
export async function saveContractTerms(db: Db, input: ContractConfigInput): Promise<ContractMarket> {
  if (input.min_leverage > input.max_leverage) throw fieldError('min_leverage', 'leverageRangeInvalid')
  const mmr = parseDecimal(input.maintenance_margin_rate)
  const limit = divide(parseDecimal('1'), parseDecimal(String(input.max_leverage)), 8, 'down')
  if (sign(mmr) <= 0 || scaleOf(mmr) > MMR_MAX_SCALE || compare(mmr, limit) >= 0) {
    throw fieldError('maintenance_margin_rate', 'maintenanceRateInvalid', { limit })
  }
  const rate = (field: 'taker_fee_rate' | 'maker_fee_rate') => {
    const v = parseDecimal(input[field])
    if (sign(v) < 0 || compare(v, parseDecimal('1')) >= 0) throw fieldError(field, 'feeRateInvalid')
    return v
  }
  const taker = rate('taker_fee_rate')
  const maker = rate('maker_fee_rate')
  const min = parseDecimal(input.min_amount)
  if (sign(min) < 0) throw fieldError('min_amount', 'amountNotPositive')
  return db.transaction(async (tx) => {
    const [m] = await tx.select().from(markets).where(eq(markets.symbol, input.symbol)).for('update')
    if (!m) throw fieldError('symbol', 'marketUnknown')
    const [was] = await tx.select().from(contractConfig).where(eq(contractConfig.symbol, input.symbol))
    const risk = riskColumnsOf(input, m.quote, was)
    if (input.open && !m.tradableContract) {
      await tx.update(markets).set({ tradableContract: true }).where(eq(markets.symbol, input.symbol))
      // The market list answered from memory says where a market trades: every process drops its copy on commit.
      await notifyChange(tx, 'markets')
    }
    const row = {
      minLeverage: input.min_leverage,
      maxLeverage: input.max_leverage,
      maintenanceMarginRate: mmr,
      takerFeeRate: taker,
      makerFeeRate: maker,
      minAmount: min,
      open: input.open,
      ...risk,
      updatedAt: new Date(),
    }
    await tx
      .insert(contractConfig)
      .values({ symbol: input.symbol, ...row })
      .onConflictDoUpdate({ target: contractConfig.symbol, set: row })
    return contractMarketView((await contractTerms(tx, input.symbol))!)
  })
}
