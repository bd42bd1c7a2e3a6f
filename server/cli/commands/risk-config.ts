/**
 * The risk-limit options of `contract config` (issue 21 part 5): the tier ladder and the caps of a market, as
 * risk-terms.ts stores them, and its liquidation clearance fee rate. `default` returns one to its default.
 */
import { parseDecimal } from '../../../common/amount'
import type { ContractConfigInput } from '../../../common/api/contract'
import type { ContractTerms } from '../../trading/contract/config'
import { UsageError } from './types'

/** parseArgs options. */
export const RISK_OPTIONS = {
  tiers: { type: 'string' },
  'max-position': { type: 'string' },
  'max-oi': { type: 'string' },
  'max-exposure': { type: 'string' },
  clearance: { type: 'string' },
} as const

type RiskInput = Pick<
  ContractConfigInput,
  'risk_tiers' | 'max_position_notional' | 'max_open_interest' | 'max_net_exposure' | 'clearance_fee_rate'
>

const DECIMAL = /^\d+(\.\d+)?$/

/**
 * The config input's risk fields from the options (absent ones left out: kept as saved).
 * `--tiers 600000:100:0.005,3000000:75:0.0065` is the ladder as cap:max leverage:maintenance rate, lowest first.
 */
export function riskInput(values: Partial<Record<keyof typeof RISK_OPTIONS, string>>, usage: string): RiskInput {
  const out: RiskInput = {}
  const cap = (v: string | undefined, name: string) => {
    if (v === undefined || v === 'default') return v === undefined ? undefined : null
    if (!DECIMAL.test(v)) throw new UsageError(`--${name} takes an amount or "default", got "${v}"\n${usage}`)
    return parseDecimal(v)
  }
  if (values.tiers !== undefined) {
    out.risk_tiers =
      values.tiers === 'default'
        ? null
        : values.tiers.split(',').map((t) => {
            const m = /^(\d+(?:\.\d+)?):(\d{1,3}):(\d+(?:\.\d+)?)$/.exec(t.trim())
            if (!m) throw new UsageError(`--tiers takes CAP:LEVERAGE:RATE,… or "default", got "${t}"\n${usage}`)
            return {
              cap: parseDecimal(m[1]!),
              max_leverage: Number(m[2]),
              maintenance_margin_rate: parseDecimal(m[3]!),
            }
          })
  }
  const position = cap(values['max-position'], 'max-position')
  const oi = cap(values['max-oi'], 'max-oi')
  const exposure = cap(values['max-exposure'], 'max-exposure')
  if (position !== undefined) out.max_position_notional = position
  if (oi !== undefined) out.max_open_interest = oi
  if (exposure !== undefined) out.max_net_exposure = exposure
  const clearance = cap(values.clearance, 'clearance')
  if (clearance !== undefined) out.clearance_fee_rate = clearance
  return out
}

/** One line of a market's risk limits. */
export function riskLine(t: ContractTerms): string {
  const tiers = t.riskTiers.map((r) => `≤${r.cap} ${r.maxLeverage}× ${r.rate} (−${r.cum})`).join(', ')
  return `${t.symbol} risk tiers${t.customTiers ? '' : ' (default)'}: ${tiers}; max position ${t.maxPositionNotional} ${t.quote}, max open interest ${t.maxOpenInterest} ${t.quote}, max net exposure ${t.maxNetExposure} ${t.quote}, liquidation clearance fee ${t.clearanceFeeRate}`
}
