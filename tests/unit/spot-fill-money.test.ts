// The money of spot fills (server/trading/spot/fills.ts): however an order is split into fills, a buyer pays exactly
// ⌈price × amount⌉ USDT and a seller receives exactly ⌊price × amount⌋, and the fees add up to ⌈rate × received⌉ —
// the parts sum to what the whole order would cost, to the currency's last unit. fast-check tries random splits.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { add, compare, multiply, parseDecimal, round, subtract, type DecimalString } from '../../common/amount'
import { fillMoney } from '../../server/trading/spot/fills'

const d = parseDecimal
/** An amount of BTC with 6 decimals (the market's amount precision) from a count of its units. */
const btc = (units: number) => d((units / 1e6).toFixed(6))

/** Plays `parts` (BTC units) as fills of one order at `price`; answers the sums of what moved. */
function play(side: 'buy' | 'sell', price: DecimalString, parts: number[], rate = '0.002') {
  const order = {
    side,
    base: 'BTC',
    quote: 'USDT',
    feeRate: rate,
    filledQuote: '0',
    filledAmount: '0',
    fee: '0',
    takerAmount: '0',
    takerQuote: '0',
    takerFee: '0',
  }
  let give = d('0')
  let gross = d('0')
  for (const units of parts) {
    const m = fillMoney(order, { price, amount: btc(units) })
    give = add(give, m.give)
    gross = add(gross, m.gross)
    order.filledQuote = m.quoteAfter
    order.filledAmount = add(d(order.filledAmount), btc(units))
    order.fee = add(d(order.fee), m.fee)
    for (const v of [m.give, m.gross, m.fee]) expect(compare(v, d('0'))).toBeGreaterThanOrEqual(0)
  }
  return { give, gross, fee: d(order.fee) }
}

describe('spot fill money', () => {
  it('pays ⌈price × amount⌉ for a buy split in two, and takes the fee in BTC', () => {
    // 60000.01 × 0.000013 = 0.78000013 → 0.780001 USDT (the halves alone would round to 0.360001 + 0.420001);
    // fee ⌈0.000013 × 0.002⌉ = ⌈0.000000026⌉ = 0.00000003 BTC.
    const r = play('buy', d('60000.01'), [6, 7])
    expect(r).toEqual({ give: '0.780001', gross: '0.000013', fee: '0.00000003' })
  })

  it('adds up to the whole order however it is split, for buys and sells', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        (cents, parts, side) => {
          const price = d((cents / 100).toFixed(2))
          const total = btc(parts.reduce((a, b) => a + b, 0))
          const whole = multiply(price, total)
          const r = play(side, price, parts)
          if (side === 'buy') {
            expect(r.give).toBe(round(whole, 6, 'up'))
            expect(r.gross).toBe(total)
            expect(r.fee).toBe(round(multiply(total, d('0.002')), 8, 'up'))
          } else {
            expect(r.give).toBe(total)
            const received = round(whole, 6, 'down')
            expect(r.gross).toBe(received)
            expect(r.fee).toBe(round(multiply(received, d('0.002')), 6, 'up'))
            expect(compare(subtract(r.gross, r.fee), d('0'))).toBeGreaterThanOrEqual(0)
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})
