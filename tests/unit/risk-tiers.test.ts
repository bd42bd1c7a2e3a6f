/**
 * Risk-limit tiers (common/trading/risk-tiers.ts) against Binance's published BTCUSDT brackets: the maintenance
 * amounts ("cum") it derives are Binance's, the maintenance margin is continuous at every bracket edge, and positions
 * opened one beside another need together what one position of their total would.
 */
import { describe, expect, it } from 'vitest'
import { add, multiply, parseDecimal, subtract } from '../../common/amount'
import {
  buildTiers,
  defaultTierSpecs,
  maxLeverageAt,
  positionMaintenance,
  tieredMaintenance,
  tierSpecProblem,
  type TierSpec,
} from '../../common/trading/risk-tiers'

const d = parseDecimal
/** Binance USDⓈ-M BTCUSDT (2023): cap, max leverage, maintenance rate, maintenance amount as published. */
const BINANCE: [string, number, string, string][] = [
  ['50000', 125, '0.004', '0'],
  ['600000', 100, '0.005', '50'],
  ['3000000', 75, '0.0065', '950'],
  ['12000000', 50, '0.01', '11450'],
  ['70000000', 25, '0.02', '131450'],
  ['100000000', 20, '0.025', '481450'],
  ['230000000', 10, '0.05', '2981450'],
  ['480000000', 5, '0.1', '14481450'],
  ['600000000', 4, '0.125', '26481450'],
  ['800000000', 3, '0.15', '41481450'],
  ['1200000000', 2, '0.25', '121481450'],
  ['1800000000', 1, '0.5', '421481450'],
]
const specs: TierSpec[] = BINANCE.map(([cap, maxLeverage, rate]) => ({ cap: d(cap), maxLeverage, rate: d(rate) }))

describe('risk-limit tiers', () => {
  it("derives Binance's published maintenance amounts and is continuous at each bracket edge", () => {
    const tiers = buildTiers(specs)
    expect(tiers.map((t) => t.cum)).toEqual(BINANCE.map((b) => b[3]))
    for (const t of tiers.slice(0, -1)) {
      const next = tiers[tiers.indexOf(t) + 1]!
      // At the edge both tiers' lines give the same margin.
      expect(tieredMaintenance(tiers, t.cap)).toBe(subtract(multiply(t.cap, next.rate), next.cum))
    }
    expect(tieredMaintenance(tiers, d('20000'))).toBe('80')
    expect(tieredMaintenance(tiers, d('1000000'))).toBe('5550') // 1,000,000 × 0.65 % − 950
  })

  it.each([
    ['50000', 125],
    ['50000.01', 100],
    ['3000000', 75],
    ['1800000000', 1],
    ['1800000001', 0],
  ])('allows at most the leverage of the notional %s: %d×', (notional, lev) => {
    expect(maxLeverageAt(buildTiers(specs), d(notional))).toBe(lev)
  })

  it('gives positions opened one after another the maintenance of their total', () => {
    const tiers = buildTiers(specs)
    const first = positionMaintenance(tiers, d('0'), d('400000'), 'USDT')
    const second = positionMaintenance(tiers, d('400000'), d('400000'), 'USDT')
    expect(first).toEqual({ maintenanceMarginRate: '0.005', maintenanceAmount: '50' })
    // 400,000 × 0.65 % − (f(800,000) − f(400,000)) = 2,600 − (4,250 − 1,950) = 300.
    expect(second).toEqual({ maintenanceMarginRate: '0.0065', maintenanceAmount: '300' })
    const line = (m: typeof first) => subtract(multiply(d('400000'), m.maintenanceMarginRate), m.maintenanceAmount)
    expect(add(line(first), line(second))).toBe(tieredMaintenance(tiers, d('800000')))
  })

  it("keeps a market's first tier below 600,000 and never a leverage above its maximum in the default ladder", () => {
    const ladder = defaultTierSpecs(20, d('0.01'))
    expect(tierSpecProblem(ladder)).toBeUndefined()
    expect(ladder[0]).toEqual({ cap: '600000', maxLeverage: 20, rate: '0.01' })
    expect(ladder.every((t) => t.maxLeverage <= 20)).toBe(true)
    expect(tierSpecProblem([{ cap: d('10'), maxLeverage: 50, rate: d('0.02') }])).toMatch(/below 1 \/ leverage/)
  })
})
