/**
 * The estimated liquidation price under cross margin in hedge mode (common/trading/contract-math.ts, Binance's
 * USDⓈ-M formula with both legs of a symbol together): figures by hand, and at the price found the account's equity
 * meets its maintenance margin, just above or below it on each side.
 */
import { describe, expect, it } from 'vitest'
import { compare, parseDecimal, subtract, type DecimalString } from '../../common/amount'
import { accountFigures, liquidationPrice, type PositionFigures, type Side } from '../../common/trading/contract-math'

const d = parseDecimal
const leg = (symbol: string, side: Side, amount: string, open: string, margin: string, mark?: string) =>
  ({
    symbol,
    side,
    amount: d(amount),
    openPrice: d(open),
    margin: d(margin),
    maintenanceMarginRate: d('0.005'),
    mark: mark === undefined ? undefined : d(mark),
  }) satisfies PositionFigures

/** Equity − maintenance with `symbol`'s positions at `price`. */
function slack(available: DecimalString, positions: readonly PositionFigures[], symbol: string, price: string) {
  const f = accountFigures(
    available,
    positions.map((p) => (p.symbol === symbol ? { ...p, mark: d(price) } : p)),
  )
  return subtract(f.equity, f.maintenanceMargin)
}

describe('liquidationPrice', () => {
  it('of one long is the one-position formula (the contract test’s 50,291.47)', () => {
    const long = leg('btcusdt', 'long', '0.1', '60010', '600.1', '60005')
    expect(liquidationPrice(d('396.8995'), [long], 0, 2)).toBe('50291.47')
  })

  it('of a fully hedged pair: the same for both legs, where the maintenance margin outgrows the constant equity', () => {
    // Equity stays 957.9965 − 7 = 950.9965 whatever the price; maintenance is 0.007 × p: p = 135,856.642857…
    const legs = [
      leg('btcusdt', 'long', '0.7', '60010', '420.07', '60005'),
      leg('btcusdt', 'short', '0.7', '60000', '420', '60005'),
    ]
    expect(liquidationPrice(d('117.9265'), legs, 0, 2)).toBe('135856.64')
    expect(liquidationPrice(d('117.9265'), legs, 1, 2)).toBe('135856.64')
    // Each leg alone (the old formula, the other leg frozen at its mark) would warn of 59,242.68 for the long.
    expect(liquidationPrice(d('117.9265'), [legs[0]!, { ...legs[1]!, symbol: 'other' }], 0, 2)).toBe('59242.68')
  })

  it('of a net long hedge: the long and short sizes net, liquidated by a fall, rounded up', () => {
    // equity(p) = 1,000 + (p − 60,000) + 0.5 × (60,000 − p) = 0.5p − 29,000; maintenance 0.0075p: p = 58,883.2487…
    const legs = [
      leg('btcusdt', 'long', '1', '60000', '600', '60000'),
      leg('btcusdt', 'short', '0.5', '60000', '300', '60000'),
    ]
    const price = liquidationPrice(d('100'), legs, 1, 2)
    expect(price).toBe('58883.25')
    expect(compare(slack(d('100'), legs, 'btcusdt', '58883.25'), d('0'))).toBeGreaterThan(0)
    expect(compare(slack(d('100'), legs, 'btcusdt', '58883.24'), d('0'))).toBeLessThan(0)
  })

  it('counts the other symbols at their marks, with their maintenance margin', () => {
    // ETH short 10 at 3,000, mark 2,950.5: +495, maintenance 147.525. BTC long 0.7 at 60,010, margin 420.07:
    // p = (243.9265 + 420.07 + 300 + 495 − 147.525 − 42,007) / (0.0035 − 0.7) = 58,428.6123… → 58,428.62
    const legs = [
      leg('btcusdt', 'long', '0.7', '60010', '420.07', '58005'),
      leg('ethusdt', 'short', '10', '3000', '300', '2950.5'),
    ]
    expect(liquidationPrice(d('243.9265'), legs, 0, 2)).toBe('58428.62')
    expect(compare(slack(d('243.9265'), legs, 'btcusdt', '58428.62'), d('0'))).toBeGreaterThan(0)
    expect(compare(slack(d('243.9265'), legs, 'btcusdt', '58428.61'), d('0'))).toBeLessThan(0)
  })

  it('is null for a long whose account covers a fall to zero', () => {
    const long = leg('btcusdt', 'long', '0.1', '60000', '600', '60000')
    expect(liquidationPrice(d('10000'), [long], 0, 2)).toBeNull()
  })

  it('of a short is liquidated by a rise and rounded down', () => {
    const short = leg('btcusdt', 'short', '0.1', '60000', '600', '60000')
    // (6,000 + 1,000) / (0.1 × 1.005) = 69,651.741…
    expect(liquidationPrice(d('400'), [short], 0, 2)).toBe('69651.74')
    expect(compare(slack(d('400'), [short], 'btcusdt', '69651.74'), d('0'))).toBeGreaterThan(0)
    expect(compare(slack(d('400'), [short], 'btcusdt', '69651.75'), d('0'))).toBeLessThan(0)
  })
})
