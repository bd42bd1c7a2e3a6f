// @vitest-environment happy-dom
// What a stake costs and pays before it is placed, as the server will charge it: the fee is stake × fee rate rounded
// up to the currency's unit, a win pays stake × payout rate rounded down on top of the stake; each duration chip shows
// its payout rate, and the preview follows the duration picked and the amount typed.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { add, compare, parseDecimal } from '../../common/amount'
import { maxStake, previewStake } from '../../src/features/micro/stake'
import { cleanupApp } from '../helpers/ui-app'
import { products, renderMicro } from './micro-fixtures'

afterEach(cleanupApp)

const p60 = (fee = '0') => products('btcusdt', fee)[1]!

describe('stake preview (pure)', () => {
  it.each([
    // amount, fee rate, fee, profit, payout
    ['100', '0', '0', '85', '185'],
    ['100', '0.002', '0.2', '85', '185'],
    ['33.333333', '0.0015', '0.05', '28.333333', '61.666666'], // fee 0.0499999995 up; profit 28.33333305 down
    ['10', '0.0000001', '0.000001', '8.5', '18.5'], // the smallest fee is one unit, never 0
  ])('%s USDT at fee rate %s: fee %s, profit %s, payout %s', (amount, fee, wantFee, profit, payout) => {
    expect(previewStake(amount, p60(fee))).toEqual({ fee: wantFee, profit, payout })
  })

  it('shows nothing for text that is not a positive amount', () => {
    for (const text of ['', 'abc', '0', '-5']) {
      expect(previewStake(text, p60())).toEqual({ fee: null, profit: null, payout: null })
    }
  })

  it('"All" leaves room for the fee', () => {
    expect(maxStake('100', p60('0'))).toBe('100')
    expect(maxStake('100.2', p60('0.002'))).toBe('100') // 100 + 0.2 fee
    expect(maxStake('0', p60('0.002'))).toBe('0')
    const all = maxStake('77.777777', p60('0.0015'))
    const fee = previewStake(all, p60('0.0015')).fee ?? parseDecimal('0')
    expect(compare(add(all, fee), parseDecimal('77.777777'))).toBeLessThanOrEqual(0)
    expect(all).toBe('77.661285') // 77.661285 + 0.116492 fee = 77.777777 exactly
  })
})

describe('stake preview on the options screen', () => {
  it('chips show each payout rate; fee, profit and payout follow the amount and the duration', async () => {
    const app = await renderMicro('/micro', { products: products('btcusdt', '0.002') })
    const chips = await screen.findByRole('radiogroup', { name: 'Duration' })
    expect(
      within(chips)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['30s80%', '60s85%', '120s88%', '300s90%'])
    expect(screen.getByTestId('micro-fee').textContent).toBe('--')
    await app.user.type(screen.getByLabelText('Amount (USDT)'), '100')
    expect(screen.getByTestId('micro-fee').textContent).toBe('0.20 USDT')
    expect(screen.getByTestId('micro-profit').textContent).toBe('+80.00 USDT') // 30 s is picked first
    expect(screen.getByTestId('micro-payout').textContent).toBe('180.00 USDT')
    await app.user.click(within(chips).getByRole('radio', { name: /^300s/ }))
    expect(within(chips).getByRole('radio', { name: /^300s/ }).getAttribute('aria-checked')).toBe('true')
    expect(screen.getByTestId('micro-profit').textContent).toBe('+90.00 USDT')
    expect(screen.getByTestId('micro-payout').textContent).toBe('190.00 USDT')
    await app.user.click(screen.getByRole('button', { name: '50' })) // a quick amount: 5 × the minimum
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Amount (USDT)').value).toBe('50'))
    expect(screen.getByTestId('micro-fee').textContent).toBe('0.10 USDT')
    expect(screen.getByTestId('micro-payout').textContent).toBe('95.00 USDT')
  })
})
