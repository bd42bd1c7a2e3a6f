/**
 * The risk book (server/trading/contract/risk-book.ts) against the decimal formulas it stands in for
 * (common/trading/contract-math.ts): for random cross-margin accounts and random sequences of mark ticks, it calls
 * for a liquidation exactly when equity ≤ maintenance margin, and for a take-profit or stop-loss exactly when the mark
 * reaches it — its incremental integer form never drifts from the exact figures.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { add, parseDecimal, type DecimalString } from '../../common/amount'
import { accountFigures, isLiquidatable, type PositionFigures } from '../../common/trading/contract-math'
import { PX, RiskBook, RT, toUnits } from '../../server/trading/contract/risk-book'

const SYMBOLS = ['btcusdt', 'ethusdt'] as const
const price = fc.integer({ min: 1000, max: 200_000 }).map((c) => parseDecimal((c / 100).toFixed(2)))
const amount = fc.integer({ min: 1, max: 500_000 }).map((u) => parseDecimal((u / 1e6).toFixed(6)))
const position = fc.record({
  symbol: fc.constantFrom(...SYMBOLS),
  side: fc.constantFrom('long' as const, 'short' as const),
  amount,
  openPrice: price,
  margin: fc.integer({ min: 1, max: 100_000 }).map((c) => parseDecimal((c / 100).toFixed(2))),
  maintenanceMarginRate: fc.constantFrom('0.004', '0.005', '0.01', '0.025').map((r) => parseDecimal(r)),
  tp: fc.option(price, { nil: null }),
  sl: fc.option(price, { nil: null }),
})
const account = fc.record({
  available: fc.integer({ min: 0, max: 1_000_000 }).map((c) => parseDecimal((c / 100).toFixed(2))),
  positions: fc.array(position, { minLength: 1, maxLength: 4 }),
})
const ticks = fc.array(fc.record({ symbol: fc.constantFrom(...SYMBOLS), mark: price }), { minLength: 1, maxLength: 20 })

type Pos = (typeof position extends fc.Arbitrary<infer T> ? T : never) & { id: number }

function load(book: RiskBook, key: string, available: DecimalString, positions: readonly Pos[]) {
  const wallet = positions.reduce((sum, p) => add(sum, p.margin), available)
  book.setAccount({
    key,
    walletBalance: toUnits(wallet, PX),
    positions: positions.map((p) => ({
      id: p.id,
      symbol: p.symbol,
      side: p.side === 'long' ? 1n : -1n,
      q: toUnits(p.amount, PX),
      e: toUnits(p.openPrice, PX),
      mmr: toUnits(p.maintenanceMarginRate, RT),
      tp: p.tp === null ? null : toUnits(p.tp, PX),
      sl: p.sl === null ? null : toUnits(p.sl, PX),
    })),
  })
}

describe('risk book', () => {
  it('calls liquidations and triggers exactly as the decimal formulas do, tick after tick', () => {
    fc.assert(
      fc.property(account, ticks, (a, seq) => {
        const positions: Pos[] = a.positions.map((p, i) => ({ ...p, id: i + 1 }))
        const book = new RiskBook()
        const marks = new Map<string, DecimalString>()
        load(book, 'live:1', a.available, positions)
        for (const t of seq) {
          marks.set(t.symbol, t.mark)
          const actions = book.tick(t.symbol, toUnits(t.mark, PX))
          const expectedTriggers = positions.flatMap((p) => {
            if (p.symbol !== t.symbol) return []
            const m = Number(t.mark)
            const tp = p.tp !== null && (p.side === 'long' ? m >= Number(p.tp) : m <= Number(p.tp))
            const sl = p.sl !== null && (p.side === 'long' ? m <= Number(p.sl) : m >= Number(p.sl))
            return tp ? [`take_profit:${p.id}`] : sl ? [`stop_loss:${p.id}`] : []
          })
          const got = actions.flatMap((x) => (x.kind === 'liquidation' ? [] : [`${x.kind}:${x.positionId}`]))
          expect(got).toEqual(expectedTriggers)
          // Liquidation is judged on ticks of a symbol the account holds, once every symbol held has a mark, and not
          // while a trigger closes a position first.
          const holds = positions.some((p) => p.symbol === t.symbol)
          const allMarked = holds && positions.every((p) => marks.has(p.symbol))
          const figures: PositionFigures[] = positions.map((p) => ({ ...p, mark: marks.get(p.symbol) }))
          const liquidatable = allMarked && isLiquidatable(accountFigures(a.available, figures), positions.length)
          const called = actions.some((x) => x.kind === 'liquidation')
          expect(called).toBe(liquidatable && expectedTriggers.length === 0)
        }
      }),
      { numRuns: 500 },
    )
  })

  it('re-evaluates 10,000 positions on one tick and finds the one account below maintenance', () => {
    const book = new RiskBook()
    for (let i = 1; i <= 10_000; i++) {
      // 0.1 BTC long at 60,000 on 10×: margin 600; account i has i/100 USDT more available.
      load(book, `live:${i}`, parseDecimal((i / 100).toFixed(2)), [
        {
          id: i,
          symbol: 'btcusdt',
          side: 'long',
          amount: parseDecimal('0.1'),
          openPrice: parseDecimal('60000'),
          margin: parseDecimal('600'),
          maintenanceMarginRate: parseDecimal('0.005'),
          tp: null,
          sl: null,
        },
      ])
    }
    expect(book.tick('btcusdt', toUnits('60000', PX))).toEqual([])
    // Account 1 (wallet 600.01): equity 0.1 m − 5,399.99, maintenance 0.0005 m: liquidated at m ≤ 5,399.99 / 0.0995
    // = 54,271.256…; account 2 (600.02) only at ≤ 54,271.155…. At 54,271.26: equity 27.136 > 27.13563.
    expect(book.tick('btcusdt', toUnits('54271.26', PX))).toEqual([])
    // At 54,271.25: equity 27.135 ≤ maintenance 27.135625.
    const actions = book.tick('btcusdt', toUnits('54271.25', PX))
    expect(actions).toEqual([{ kind: 'liquidation', accountKey: 'live:1' }])
  })

  it('calls for what an account loaded past its trigger or its liquidation needs at once, not at the next tick', () => {
    // Wallet 600 for a 0.1 BTC long from 60,000: at 50,000 equity is −400, far below maintenance.
    const due = new RiskBook()
    due.tick('btcusdt', toUnits('50000', PX))
    const wallet = toUnits('600', PX)
    const risk = {
      id: 7,
      symbol: 'btcusdt',
      side: 1n as const,
      q: toUnits('0.1', PX),
      e: toUnits('60000', PX),
      mmr: toUnits('0.005', RT),
    }
    expect(
      due.setAccount({ key: 'live:1', walletBalance: wallet, positions: [{ ...risk, tp: null, sl: null }] }),
    ).toEqual([{ kind: 'liquidation', accountKey: 'live:1' }])
    expect(
      due.setAccount({
        key: 'live:2',
        walletBalance: wallet * 100n,
        positions: [{ ...risk, tp: null, sl: toUnits('55000', PX) }],
      }),
    ).toEqual([
      { kind: 'stop_loss', positionId: 7, symbol: 'btcusdt', accountKey: 'live:2', price: toUnits('55000', PX) },
    ])
  })
})
