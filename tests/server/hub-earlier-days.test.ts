// Day bars from before the minutes (a replay's daily files): weeks and months folded from them on HTX's UTC+8
// calendar, and a `req` answer that joins them to the minute-made bars, one bar for a week the two share.
import { describe, expect, it } from 'vitest'
import type { KlineTick } from '../../common/feed/messages'
import { earlierPeriods, joinEarlier } from '../../server/market/hub/earlier-days'
import { bucketStart } from '../../server/market/hub/periods'

const P = { price: 2, volume: 3, turnover: 5 }
/** Monday 2024-01-01 00:00 UTC+8. */
const MONDAY = Date.UTC(2023, 11, 31, 16) / 1000
const day = (i: number, o: number, c: number, amount = 1.5): KlineTick => ({
  id: MONDAY + i * 86_400,
  open: o,
  high: Math.max(o, c) + 1,
  low: Math.min(o, c) - 1,
  close: c,
  amount,
  vol: amount * 100,
  count: 2,
})

describe('earlier days', () => {
  const days = Array.from({ length: 10 }, (_, i) => day(i, 100 + i, 101 + i))

  it('folds weeks and months from the days', () => {
    const periods = earlierPeriods(days, P)
    expect(periods.get('1day')).toEqual(days)
    const weeks = periods.get('1week')!
    expect(weeks.map((w) => w.id)).toEqual([MONDAY, MONDAY + 7 * 86_400])
    expect(weeks[0]).toEqual({
      id: MONDAY,
      open: 100,
      close: 107,
      high: 108,
      low: 99,
      amount: 10.5,
      vol: 1050,
      count: 14,
    })
    expect(periods.get('1mon')!.map((m) => m.id)).toEqual([bucketStart('1mon', MONDAY)])
  })

  it('joins them to the minute-made bars, merging the week both hold', () => {
    const weeks = earlierPeriods(days, P).get('1week')!
    // Minutes start on day 10 (Thursday of week 2): their week bar shares its bucket with the days' second week.
    const fromMinutes: KlineTick = { ...day(7, 120, 125, 0.25), id: MONDAY + 7 * 86_400 }
    const next: KlineTick = { ...day(14, 125, 130), id: MONDAY + 14 * 86_400 }
    const joined = joinEarlier(weeks, [fromMinutes, next], fromMinutes, -Infinity, Infinity, 300, P)
    expect(joined.map((b) => b.id)).toEqual([MONDAY, MONDAY + 7 * 86_400, MONDAY + 14 * 86_400])
    expect(joined[1]).toEqual({
      id: MONDAY + 7 * 86_400,
      open: weeks[1]!.open,
      close: 125,
      high: Math.max(weeks[1]!.high, fromMinutes.high),
      low: Math.min(weeks[1]!.low, fromMinutes.low),
      amount: 4.75,
      vol: 475,
      count: weeks[1]!.count + 2,
    })
    // A window that ends before the minutes holds only earlier bars; the limit keeps the newest.
    expect(joinEarlier(weeks, [], fromMinutes, -Infinity, MONDAY, 300, P)).toEqual([weeks[0]])
    expect(joinEarlier(weeks, [fromMinutes, next], fromMinutes, -Infinity, Infinity, 2, P).map((b) => b.id)).toEqual([
      MONDAY + 7 * 86_400,
      MONDAY + 14 * 86_400,
    ])
  })
})
