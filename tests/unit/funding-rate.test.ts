/**
 * The funding formula (issue 21 part 6; Binance's published USDⓈ-M funding formula) on figures computed by hand:
 * - impact price of 150 USDT against bids 100 × 1, 99 × 2: 1 BTC for 100, then 50 / 99 BTC: 150 / (149 / 99) =
 *   14,850 / 149 = 99.664429530201 (12 decimals);
 * - premium index: impact bid 101, ask 102, index 100 → (1 − 0) / 100 = 0.01; bid 98, ask 99 → (0 − 1) / 100 =
 *   −0.01; bid 99, ask 101 → 0;
 * - time-weighted average of 0.001, 0.002, 0.004 (weights 1, 2, 3): 0.017 / 6 = 0.00283333 (8 decimals);
 * - rate with a 0.5 % maintenance rate (cap ±0.375 %): P 0 → 0.0001; P 0.0003 → 0.0003 + (−0.0002) = 0.0001;
 *   P 0.002 → 0.002 − 0.0005 = 0.0015; P −0.001 → −0.001 + 0.0005 = −0.0005; P 0.01 → 0.0095 capped 0.00375;
 * - payments: 0.1 BTC at 60,005 × 0.0001 = 0.60005; 0.123456 BTC at 100 × 0.0001 = 0.00123456: a long pays
 *   0.001235, a short receives 0.001234 (the platform's favour at 6 decimals); a long with 0.5 available and 600.1
 *   margin pays 0.5 + 0.10005 from its margin; with 0.2 available and 0.3 margin it owes 0.60005: 0.2 + 0.299999
 *   (the margin keeps 0.000001), shortfall 0.100051.
 */
import { describe, expect, it } from 'vitest'
import { parseDecimal as d } from '../../common/amount'
import { fundingOf } from '../../server/trading/contract/funding-pay'
import {
  averagePremium,
  fundingRate,
  fundingTimeAtOrBefore,
  impactNotional,
  impactPrice,
  nextFundingTime,
  premiumIndex,
} from '../../server/trading/contract/funding-rate'

describe('funding formula', () => {
  it('falls at 00:00, 08:00 and 16:00 UTC', () => {
    const at = Date.UTC(2026, 10, 29, 9, 30)
    expect(new Date(fundingTimeAtOrBefore(at)).toISOString()).toBe('2026-11-29T08:00:00.000Z')
    expect(new Date(nextFundingTime(at)).toISOString()).toBe('2026-11-29T16:00:00.000Z')
    expect(new Date(nextFundingTime(Date.UTC(2026, 10, 29, 16))).toISOString()).toBe('2026-11-30T00:00:00.000Z')
  })

  it('prices the impact notional by walking the book', () => {
    expect(impactNotional(100)).toBe('20000')
    expect(
      impactPrice(
        [
          [100, 1],
          [99, 2],
        ],
        d('150'),
      ),
    ).toBe('99.664429530201')
    expect(impactPrice([[100, 1]], d('100'))).toBe('100')
    expect(impactPrice([[100, 1]], d('100.01'))).toBeUndefined()
  })

  it('measures the premium of the impact prices against the index', () => {
    expect(premiumIndex(d('101'), d('102'), d('100'))).toBe('0.01')
    expect(premiumIndex(d('98'), d('99'), d('100'))).toBe('-0.01')
    expect(premiumIndex(d('99'), d('101'), d('100'))).toBe('0')
  })

  it('averages the samples with the later ones weighing more', () => {
    expect(averagePremium([d('0.001'), d('0.002'), d('0.004')])).toBe('0.00283333')
    expect(averagePremium([])).toBe('0')
  })

  it('adds the clamped interest and caps at 0.75 × the maintenance rate', () => {
    const mmr = d('0.005')
    expect(fundingRate(d('0'), mmr)).toBe('0.0001')
    expect(fundingRate(d('0.0003'), mmr)).toBe('0.0001')
    expect(fundingRate(d('0.002'), mmr)).toBe('0.0015')
    expect(fundingRate(d('-0.001'), mmr)).toBe('-0.0005')
    expect(fundingRate(d('0.01'), mmr)).toBe('0.00375')
    expect(fundingRate(d('-0.01'), mmr)).toBe('-0.00375')
  })

  it('charges longs and pays shorts on a positive rate, rounded in the platform’s favour', () => {
    const terms = { rate: d('0.0001'), markPrice: d('60005') }
    const long = { side: 'long' as const, amount: '0.1', currency: 'USDT' }
    expect(fundingOf(long, terms, d('1000'), d('600.1'))).toEqual({
      payment: '-0.60005',
      fromAvailable: '0.60005',
      fromMargin: '0',
      shortfall: '0',
    })
    expect(fundingOf({ ...long, side: 'short' }, terms, d('0'), d('600'))).toMatchObject({ payment: '0.60005' })
    const small = { rate: d('0.0001'), markPrice: d('100') }
    expect(fundingOf({ ...long, amount: '0.123456' }, small, d('1'), d('1')).payment).toBe('-0.001235')
    expect(fundingOf({ ...long, amount: '0.123456', side: 'short' }, small, d('1'), d('1')).payment).toBe('0.001234')
    // A negative rate: shorts pay.
    expect(fundingOf({ ...long, side: 'short' }, { ...terms, rate: d('-0.0001') }, d('1'), d('1')).payment).toBe(
      '-0.60005',
    )
  })

  it('takes from the margin what available cannot cover, and never below zero', () => {
    const terms = { rate: d('0.0001'), markPrice: d('60005') }
    const long = { side: 'long' as const, amount: '0.1', currency: 'USDT' }
    expect(fundingOf(long, terms, d('0.5'), d('600.1'))).toEqual({
      payment: '-0.60005',
      fromAvailable: '0.5',
      fromMargin: '0.10005',
      shortfall: '0',
    })
    expect(fundingOf(long, terms, d('0.2'), d('0.3'))).toEqual({
      payment: '-0.499999',
      fromAvailable: '0.2',
      fromMargin: '0.299999',
      shortfall: '0.100051',
    })
  })
})
