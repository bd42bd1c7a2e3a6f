/**
 * A market's risk limits as contract terms (config.ts reads and saves them): its risk-limit tiers, the largest
 * position of one account, the largest open interest and the largest net exposure the platform takes as
 * counterparty. Stored on `contract_config` (null = the defaults below); checked by risk-limits.ts.
 */
import { compare, currencyScale, parseDecimal, scaleOf, sign, type DecimalString } from '../../../common/amount'
import type { ContractConfigInput, RiskLimits, RiskTierInput } from '../../../common/api/contract'
import {
  buildTiers,
  defaultTierSpecs,
  tierSpecProblem,
  type RiskTier,
  type TierSpec,
} from '../../../common/trading/risk-tiers'
import type { contractConfig, RiskTierJson } from '../../db/schema'
import { fieldError } from '../../money/amounts'

/**
 * Caps of a market without operator values (quote currency, notional at the order's price):
 * - one account's position on one side, open positions and pending orders together: 3,000,000 USDT, the top of
 *   the default ladder's 75× tier (Binance lets a 20× BTCUSDT position reach 100,000,000; a venue carrying every
 *   trade itself starts far lower);
 * - open interest of a market (long and short together): 50,000,000 USDT;
 * - the platform's net exposure as counterparty (|Σ long − Σ short| × price): 10,000,000 USDT; above it an order that
 *   would increase the exposure is refused, one that reduces it is accepted.
 */
export const RISK_DEFAULTS = {
  maxPositionNotional: '3000000',
  maxOpenInterest: '50000000',
  maxNetExposure: '10000000',
} as const

/** Most decimals of a tier's maintenance rate (the risk book keeps rates in millionths). */
const RATE_MAX_SCALE = 6

/** A market's risk limits. */
export interface RiskTerms {
  /** The ladder, lowest tier first. */
  riskTiers: RiskTier[]
  /** True when an operator set the ladder (else it is the default of the market's first tier). */
  customTiers: boolean
  maxPositionNotional: DecimalString
  maxOpenInterest: DecimalString
  maxNetExposure: DecimalString
}

type ConfigRow = typeof contractConfig.$inferSelect

const specOf = (t: RiskTierJson): TierSpec => ({
  cap: parseDecimal(t.cap),
  maxLeverage: t.max_leverage,
  rate: parseDecimal(t.rate),
})
const specOfInput = (t: RiskTierInput): TierSpec => ({
  cap: parseDecimal(t.cap),
  maxLeverage: t.max_leverage,
  rate: parseDecimal(t.maintenance_margin_rate),
})

/** The risk terms of a market whose first tier is `maxLeverage` at `rate`, from its config row (if any). */
export function riskTermsOf(row: ConfigRow | undefined, maxLeverage: number, rate: DecimalString): RiskTerms {
  const d = (v: string | null | undefined, fallback: string) => parseDecimal(v ?? fallback)
  const custom = row?.riskTiers ?? null
  return {
    riskTiers: buildTiers(custom ? custom.map(specOf) : defaultTierSpecs(maxLeverage, rate)),
    customTiers: custom !== null,
    maxPositionNotional: d(row?.maxPositionNotional, RISK_DEFAULTS.maxPositionNotional),
    maxOpenInterest: d(row?.maxOpenInterest, RISK_DEFAULTS.maxOpenInterest),
    maxNetExposure: d(row?.maxNetExposure, RISK_DEFAULTS.maxNetExposure),
  }
}

/** The columns an input sets: absent fields keep `was`, null ones return to the defaults. */
export type RiskColumns = Pick<
  ConfigRow,
  'riskTiers' | 'maxPositionNotional' | 'maxOpenInterest' | 'maxNetExposure' | 'clearanceFeeRate'
>

/**
 * The risk columns of `input`, checked; `was` is the saved row (absent fields keep it).
 * @throws DomainError naming the field: `riskTiersInvalid` (risk_tiers: not a ladder — caps rising, leverage not
 *   rising, rates not falling, each rate above 0 with ≤ 6 decimals and below 1 / its leverage — or a first tier other
 *   than max_leverage at maintenance_margin_rate); `riskCapInvalid` (max_position_notional, max_open_interest,
 *   max_net_exposure: above 0, at most the quote currency's decimals); `feeRateInvalid` (clearance_fee_rate: from 0 up
 *   to, not including, 1).
 */
export function riskColumnsOf(input: ContractConfigInput, quote: string, was: ConfigRow | undefined): RiskColumns {
  const cap = (field: 'max_position_notional' | 'max_open_interest' | 'max_net_exposure', old: string | null) => {
    const v = input[field]
    if (v === undefined) return old
    if (v === null) return null
    const p = parseDecimal(v)
    if (sign(p) <= 0 || scaleOf(p) > currencyScale(quote)) throw fieldError(field, 'riskCapInvalid')
    return p
  }
  return {
    riskTiers: tiersOf(input, was?.riskTiers ?? null),
    maxPositionNotional: cap('max_position_notional', was?.maxPositionNotional ?? null),
    maxOpenInterest: cap('max_open_interest', was?.maxOpenInterest ?? null),
    maxNetExposure: cap('max_net_exposure', was?.maxNetExposure ?? null),
    clearanceFeeRate: clearanceOf(input, was?.clearanceFeeRate ?? null),
  }
}

/** The clearance fee rate to save: absent keeps `old`, null returns to the default. */
function clearanceOf(input: ContractConfigInput, old: string | null): string | null {
  const v = input.clearance_fee_rate
  if (v === undefined) return old
  if (v === null) return null
  const r = parseDecimal(v)
  if (sign(r) < 0 || compare(r, parseDecimal('1')) >= 0) throw fieldError('clearance_fee_rate', 'feeRateInvalid')
  return r
}

/** The ladder to save: the input's, else the saved one (checked again: the first tier must follow the terms). */
function tiersOf(input: ContractConfigInput, saved: RiskTierJson[] | null): RiskTierJson[] | null {
  const given = input.risk_tiers === undefined ? saved?.map(specOf) : input.risk_tiers?.map(specOfInput)
  if (!given) return null
  const specs = given
  const first = specs[0]
  const bad =
    tierSpecProblem(specs) !== undefined ||
    specs.some((s) => scaleOf(s.rate) > RATE_MAX_SCALE) ||
    !first ||
    first.maxLeverage !== input.max_leverage ||
    compare(first.rate, parseDecimal(input.maintenance_margin_rate)) !== 0
  if (bad) throw fieldError('risk_tiers', 'riskTiersInvalid')
  return specs.map((s) => ({ cap: s.cap, max_leverage: s.maxLeverage, rate: s.rate }))
}

/** The public view of a market's limits (contract/risk_limits). */
export function riskLimitsView(
  symbol: string,
  currency: string,
  r: RiskTerms & { clearanceFeeRate: DecimalString },
): RiskLimits {
  return {
    symbol,
    currency,
    tiers: r.riskTiers.map((t) => ({
      floor: t.floor,
      cap: t.cap,
      max_leverage: t.maxLeverage,
      maintenance_margin_rate: t.rate,
      maintenance_amount: t.cum,
    })),
    max_position_notional: r.maxPositionNotional,
    max_open_interest: r.maxOpenInterest,
    clearance_fee_rate: r.clearanceFeeRate,
  }
}
