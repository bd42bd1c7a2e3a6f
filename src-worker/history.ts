/**
 * Kline and trade history through the feed's `req` (htx-protocol.md a5): at most 300 bars per answer, so longer
 * spans are fetched page by page, newest first, with `from`/`to` in epoch seconds.
 */
import { KLINE_REQ_MAX_BARS } from '../common/constants'
import type { KlineTick, TradeItem } from '../common/feed/messages'
import { klineTopic, PERIOD_SECONDS, tradeTopic, type KlinePeriod } from '../common/feed/topics'
import { asKlines, asTrade, isObj } from './codec/shapes'

/** Bounds HTX accepts for `from`/`to`, epoch seconds (htx-protocol.md a5). */
export const REQ_MIN_SEC = 1_501_174_800
export const REQ_MAX_SEC = 2_556_115_200
/** Empty pages in a row after which paging stops (market closed that long, or no older data). */
const MAX_EMPTY_PAGES = 2

export type Requester = (topic: string, params: { from?: number; to?: number }) => Promise<unknown>

/** One page: bars with `from ≤ id ≤ to`. Rejects when the answer is not a list of bars. */
export async function requestBars(
  req: Requester,
  symbol: string,
  period: KlinePeriod,
  from: number,
  to: number,
): Promise<KlineTick[]> {
  const data = await req(klineTopic(symbol, period), { from, to })
  const bars = asKlines(data)
  if (!bars) throw new Error(`kline history for ${symbol} ${period}: malformed answer`)
  return bars.filter((b) => b.id >= from && b.id <= to).sort((a, b) => a.id - b.id)
}

/**
 * Up to `count` bars ending before bar id `beforeId` (seconds), ascending, fetched in pages of ≤ 300.
 * `onPage` sees each page as it arrives (to merge it into the cache).
 */
export async function pageBackwards(
  req: Requester,
  symbol: string,
  period: KlinePeriod,
  beforeId: number,
  count: number,
  onPage: (bars: KlineTick[]) => void,
): Promise<KlineTick[]> {
  const step = PERIOD_SECONDS[period]
  const out: KlineTick[][] = []
  let got = 0
  let end = Math.min(Math.floor(beforeId) - 1, REQ_MAX_SEC)
  let empty = 0
  while (got < count && end > REQ_MIN_SEC && empty < MAX_EMPTY_PAGES) {
    const n = Math.min(KLINE_REQ_MAX_BARS, count - got)
    // A window n periods long holds exactly n bar starts, whatever the bars' alignment.
    const from = Math.max(REQ_MIN_SEC, end - n * step + 1)
    const page = (await requestBars(req, symbol, period, from, end)).slice(-n)
    empty = page.length ? 0 : empty + 1
    if (page.length) {
      onPage(page)
      out.unshift(page)
      got += page.length
      end = page[0]!.id - 1
    } else {
      end = from - 1
    }
  }
  return out.flat().slice(-count)
}

/**
 * The latest ≤ 300 bars up to `nowSec`, from no earlier than REQ_MIN_SEC: 300 months reach back to 2001, and a
 * `from` before 2017-07-27 is refused (the 1M chart then had no history at all).
 */
export function latestBars(req: Requester, symbol: string, period: KlinePeriod, nowSec: number): Promise<KlineTick[]> {
  const to = Math.min(Math.floor(nowSec), REQ_MAX_SEC)
  const from = Math.max(REQ_MIN_SEC, to - KLINE_REQ_MAX_BARS * PERIOD_SECONDS[period] + 1)
  return requestBars(req, symbol, period, from, to)
}

/** Latest trades (`req` on trade.detail): accepts a list of trades or of trade.detail ticks. */
export async function latestTrades(req: Requester, symbol: string): Promise<TradeItem[]> {
  const data = await req(tradeTopic(symbol), {})
  if (!Array.isArray(data)) throw new Error(`trade history for ${symbol}: malformed answer`)
  const out: TradeItem[] = []
  for (const item of data) {
    const list = isObj(item) && Array.isArray(item.data) ? item.data : [item]
    for (const t of list) {
      const trade = asTrade(t)
      if (trade) out.push(trade)
    }
  }
  return out
}
