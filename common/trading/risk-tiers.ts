/**
 * Risk-limit tiers ("leverage and margin brackets") of a USDT-margined perpetual, in exact decimals: the larger a
 * position's notional, the lower the leverage it may use and the higher its maintenance margin rate. Each tier covers
 * notionals in (floor, cap] with a maximum leverage, a maintenance margin rate r and a maintenance amount ("cum")
 * chosen so the maintenance margin is continuous across tiers:
 *   maintenance(N) = N × r_i − cum_i  for N in tier i,   cum_1 = 0,   cum_i = cum_(i−1) + floor_i × (r_i − r_(i−1)).
 * The rates rise with the tiers, so maintenance(N) is convex and equals max_i (N × r_i − cum_i): a tier's line never
 * exceeds it anywhere, and matches it within the tier.
 *
 * Model: Binance Futures, "Leverage and Margin of USDⓈ-M Futures" (BTCUSDT table as published in 2023): tier 1
 * 0–50,000 USDT 125× 0.40 % cum 0; 50,000–600,000 100× 0.50 % cum 50; 600,000–3,000,000 75× 0.65 % cum 950;
 * 3,000,000–12,000,000 50× 1.00 % cum 11,450; 12,000,000–70,000,000 25× 2.00 % cum 131,450; 70,000,000–100,000,000
 * 20× 2.50 % cum 481,450; 100,000,000–230,000,000 10× 5.00 % cum 2,981,450; 230,000,000–480,000,000 5× 10.00 %;
 * 480,000,000–600,000,000 4× 12.50 %; 600,000,000–800,000,000 3× 15.00 %; 800,000,000–1,200,000,000 2× 25.00 %;
 * 1,200,000,000–1,800,000,000 1× 50.00 %.
 */
import {
  add,
  compare,
  currencyScale,
  multiply,
  parseDecimal,
  round,
  sign,
  subtract,
  type DecimalString,
} from '../amount'

/** One tier as an operator writes it: notionals up to `cap` (quote currency) may use `maxLeverage` at `rate`. */
export interface TierSpec {
  cap: DecimalString
  maxLeverage: number
  /** Maintenance margin rate, a fraction (0.005 = 0.5 %). */
  rate: DecimalString
}

/** One tier with its bounds and maintenance amount (quote currency). */
export interface RiskTier extends TierSpec {
  /** Notionals above `floor` (the previous tier's cap, 0 for the first) and up to `cap` fall in this tier. */
  floor: DecimalString
  /** Maintenance amount ("cum"): maintenance = notional × rate − cum. */
  cum: DecimalString
}

const ZERO = parseDecimal('0')
const d = parseDecimal

/**
 * Binance's BTCUSDT brackets above 600,000 USDT (see the header), as [cap, max leverage, rate]. Below 600,000 a market
 * keeps its own first tier (its maximum leverage and maintenance rate: 100× and 0.5 % by default, Binance's second
 * bracket; its first, 125× at 0.4 %, is above our leverage cap).
 */
const BINANCE_BTCUSDT_ABOVE_600K: readonly (readonly [string, number, string])[] = [
  ['3000000', 75, '0.0065'],
  ['12000000', 50, '0.01'],
  ['70000000', 25, '0.02'],
  ['100000000', 20, '0.025'],
  ['230000000', 10, '0.05'],
  ['480000000', 5, '0.1'],
  ['600000000', 4, '0.125'],
  ['800000000', 3, '0.15'],
  ['1200000000', 2, '0.25'],
  ['1800000000', 1, '0.5'],
]

/** Upper bound of the default first tier (quote currency). */
export const DEFAULT_FIRST_TIER_CAP = d('600000')

/**
 * The default ladder of a market whose first tier is `maxLeverage` at `rate` (its contract terms): that tier up to
 * 600,000 USDT, then Binance's BTCUSDT brackets, each at most `maxLeverage` and at least `rate`.
 */
export function defaultTierSpecs(maxLeverage: number, rate: DecimalString): TierSpec[] {
  return [
    { cap: DEFAULT_FIRST_TIER_CAP, maxLeverage, rate },
    ...BINANCE_BTCUSDT_ABOVE_600K.map(([cap, lev, r]) => ({
      cap: d(cap),
      maxLeverage: Math.min(lev, maxLeverage),
      rate: compare(d(r), rate) > 0 ? d(r) : rate,
    })),
  ]
}

/**
 * The tiers of `specs` with their floors and maintenance amounts (formula in the header).
 * @throws Error when the specs are not a ladder: caps rising, leverage not rising, rates not falling, each rate in
 *   (0, 1 / max leverage) — tierSpecProblem says which.
 */
export function buildTiers(specs: readonly TierSpec[]): RiskTier[] {
  const problem = tierSpecProblem(specs)
  if (problem) throw new Error(`risk tiers: ${problem}`)
  let floor = ZERO
  let cum = ZERO
  let previousRate = ZERO
  return specs.map((s) => {
    cum = add(cum, multiply(floor, subtract(s.rate, previousRate)))
    const tier = { ...s, floor, cum }
    floor = s.cap
    previousRate = s.rate
    return tier
  })
}

/**
 * What is wrong with a ladder, or undefined: at least one tier; caps positive and rising; leverage whole, 1–200 and
 * not rising; rates above 0, not falling, and below 1 / the tier's leverage (else a position would open already
 * liquidatable).
 */
export function tierSpecProblem(specs: readonly TierSpec[]): string | undefined {
  if (specs.length === 0) return 'no tier'
  for (const [i, s] of specs.entries()) {
    const prev = specs[i - 1]
    if (sign(s.cap) <= 0 || (prev && compare(s.cap, prev.cap) <= 0)) return `tier ${i + 1}: caps must rise`
    if (!Number.isInteger(s.maxLeverage) || s.maxLeverage < 1 || s.maxLeverage > 200) {
      return `tier ${i + 1}: leverage must be a whole number from 1 to 200`
    }
    if (prev && s.maxLeverage > prev.maxLeverage) return `tier ${i + 1}: leverage must not rise`
    if (sign(s.rate) <= 0 || (prev && compare(s.rate, prev.rate) < 0)) return `tier ${i + 1}: rates must not fall`
    if (compare(multiply(s.rate, d(String(s.maxLeverage))), d('1')) >= 0) {
      return `tier ${i + 1}: rate must be below 1 / leverage`
    }
  }
  return undefined
}

/** The tier of a position of `notional` (quote currency, ≥ 0), or undefined above the last tier's cap. */
export function tierOf(tiers: readonly RiskTier[], notional: DecimalString): RiskTier | undefined {
  return tiers.find((t) => compare(notional, t.cap) <= 0)
}

/** Maintenance margin of `notional` by the ladder (exact): notional × rate − cum of its tier (the last one above it). */
export function tieredMaintenance(tiers: readonly RiskTier[], notional: DecimalString): DecimalString {
  const t = tierOf(tiers, notional) ?? tiers[tiers.length - 1]!
  return subtract(multiply(notional, t.rate), t.cum)
}

/** What a new position stores for its maintenance margin: amount × mark × rate − amount (`maintenanceAmount`). */
export interface PositionMaintenance {
  maintenanceMarginRate: DecimalString
  maintenanceAmount: DecimalString
}

/**
 * The maintenance terms of a position of notional `added` opened beside `before` (the account's other positions on
 * the symbol and side, valued at the same price): the rate of the tier the total falls in, and an amount such that
 * `added × rate − amount` = tieredMaintenance(before + added) − tieredMaintenance(before), so the account's positions
 * together need the ladder's maintenance of their total. For a first position it is its tier's rate and cum. The
 * amount is rounded down at `currency`'s unit (the maintenance margin is never understated by rounding).
 */
export function positionMaintenance(
  tiers: readonly RiskTier[],
  before: DecimalString,
  added: DecimalString,
  currency: string,
): PositionMaintenance {
  const total = add(before, added)
  const t = tierOf(tiers, total) ?? tiers[tiers.length - 1]!
  const increment = subtract(tieredMaintenance(tiers, total), tieredMaintenance(tiers, before))
  const amount = round(subtract(multiply(added, t.rate), increment), currencyScale(currency), 'floor')
  return { maintenanceMarginRate: t.rate, maintenanceAmount: sign(amount) < 0 ? ZERO : amount }
}

/** The highest leverage `notional` may use by the ladder: its tier's; 0 above the last cap. */
export function maxLeverageAt(tiers: readonly RiskTier[], notional: DecimalString): number {
  return tierOf(tiers, notional)?.maxLeverage ?? 0
}

/** The largest notional a position at `leverage` may reach (the cap of the last tier allowing it), or undefined. */
export function maxNotionalAt(tiers: readonly RiskTier[], leverage: number): DecimalString | undefined {
  return tiers.filter((t) => t.maxLeverage >= leverage).at(-1)?.cap
}
