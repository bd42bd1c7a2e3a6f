// The /lever order form's check of a take-profit or stop-loss against the mark price, before sending (issue 21): an
// order that fills at once (market, or a limit crossing the book) is refused a trigger the mark has already reached —
// it would close the new position at once — with the server's words ("would trigger immediately: the mark price is
// already …"); a resting limit order is not (its triggers meet the mark when it fills). The book is 60,000 / 60,010.
import { i18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { parseDecimal } from '../../common/amount'
import type { Level } from '../../common/feed/messages'
import { checkOpen, fillsAtOnce } from '../../src/features/lever/open-check'
import { previewOpen, type OpenDraft } from '../../src/features/lever/open-math'
import { openProblemTexts } from '../../src/features/lever/open-problems'
import { terms } from './lever-fixtures'

const asks: Level[] = [[60010, 5]]
const bids: Level[] = [[60000, 5]]
const book = { asks, bids }
const draft = (patch: Partial<OpenDraft>): OpenDraft => ({
  side: 'long',
  type: 'market',
  price: '',
  amount: '0.01',
  leverage: 10,
  tpsl: true,
  tp: '',
  sl: '',
  ...patch,
})
const d = parseDecimal
const check = (draft: OpenDraft, markText: string | undefined) => {
  const mark = markText === undefined ? undefined : d(markText)
  return checkOpen(draft, terms(), previewOpen(draft, terms(), book, undefined, mark), d('100000'), true, {
    mark,
    book,
  })
}

describe('a take-profit or stop-loss the mark has reached', () => {
  it('refuses a long market order a take-profit at or below the mark (above the ask it fills at)', () => {
    // The replayed trades run above the book: mark 60,050, the long fills at the ask 60,010.
    expect(check(draft({ tp: '60030' }), '60050')).toEqual({ tp: 'wouldTrigger' })
    expect(check(draft({ tp: '60050' }), '60050')).toEqual({ tp: 'wouldTrigger' })
    expect(check(draft({ tp: '60050.01' }), '60050')).toEqual({})
    // The entry comes first, as on the server: below the fill price it is the wrong side.
    expect(check(draft({ tp: '60005' }), '60050')).toEqual({ tp: 'wrongSide' })
  })

  it('refuses a short market order a stop-loss at or below the mark, and says so in the server words', () => {
    const d = draft({ side: 'short', sl: '60010' })
    const problems = check(d, '59950') // the short fills at the bid 60,000; a stop-loss of 60,010 is past 59,950
    expect(problems).toEqual({})
    expect(check(d, '60010')).toEqual({ sl: 'wouldTrigger' })
    const texts = openProblemTexts(check(d, '60010'), {
      terms: terms(),
      amountScale: 6,
      pair: 'BTC/USDT',
      side: 'short',
      entry: '60,000.00',
      mark: '60,010.00',
    })
    i18n.loadAndActivate({ locale: 'en', messages: {} })
    expect(i18n._(texts.sl as Parameters<typeof i18n._>[0])).toBe(
      'This stop-loss would trigger immediately: the mark price is already 60,010.00',
    )
  })

  it('checks a crossing limit order, not a resting one', () => {
    expect(fillsAtOnce({ type: 'limit', side: 'long' }, d('60010'), book)).toBe(true)
    expect(fillsAtOnce({ type: 'limit', side: 'long' }, d('60009.99'), book)).toBe(false)
    expect(fillsAtOnce({ type: 'limit', side: 'short' }, d('60000'), book)).toBe(true)
    // A long limit at 60,020 crosses the ask: a take-profit of 60,030 under a mark of 60,040 would fire at once.
    expect(check(draft({ type: 'limit', price: '60020', tp: '60030' }), '60040')).toEqual({ tp: 'wouldTrigger' })
    // Resting at 59,000, the same take-profit is fine: the mark meets it when the order fills.
    expect(check(draft({ type: 'limit', price: '59000', tp: '60030' }), '60040')).toEqual({})
  })

  it('is not checked while the mark is unknown (the server checks it)', () => {
    expect(check(draft({ tp: '60030' }), undefined)).toEqual({})
  })
})
