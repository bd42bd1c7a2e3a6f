// The REAL BTCUSDT trades-and-depth capture (../shared/data/market/trades-depth, hftbacktest 2024-08-08 23:54–24:00)
// as a replay tape: every recorded trade is read, the book rebuilt from the snapshot and diffs matches the best
// bid/ask Binance itself sent at the same update id (its @bookTicker stream, read here by the test only), the tape's
// minutes become bars of their trades, and the player plays those minutes with the recorded trades at their offsets
// and the recorded book, marked recorded, while other minutes stay derived.
import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { join } from 'node:path'
import Big from 'big.js'
import { describe, expect, it } from 'vitest'
import type { TradeItem } from '../../common/feed/messages'
import { parseCapture, type Tape } from '../../server/market/sources/replay/parse-capture'
import { loadReplay } from '../../server/market/sources/replay/load'
import { SymbolPlayer } from '../../server/market/sources/replay/player'
import { TapePlayback } from '../../server/market/sources/replay/tape'
import type { MarketEvent } from '../../server/market/types'
import { recordedDataPresent } from '../helpers/prerequisites'

const DIR = join(import.meta.dirname, '../../../shared/data/market/trades-depth')
const FILE = join(DIR, 'hftbacktest-binance-spot-BTCUSDT-ws-capture-2024-08-08T2354_2400.gz')
const HAVE = recordedDataPresent(FILE)
if (!HAVE) console.warn(`replay-tape: SKIPPED, ${FILE} is absent (real market data not on this machine)`)

/** What the capture says besides what the parser reads: trades and the best levels per update id (@bookTicker). */
function oracle() {
  const trades: { t: number; p: string; q: string; T: number }[] = []
  const best = new Map<number, { b: string; a: string }>()
  for (const line of gunzipSync(readFileSync(FILE)).toString('utf8').split('\n')) {
    if (!line) continue
    const msg = JSON.parse(line.slice(line.indexOf(' ') + 1)) as { stream?: string; data?: Record<string, unknown> }
    if (msg.stream?.endsWith('@trade')) trades.push(msg.data as (typeof trades)[number])
    if (msg.stream?.endsWith('@bookTicker')) best.set(msg.data!.u as number, msg.data as { b: string; a: string })
  }
  return { trades, best }
}

describe.skipIf(!HAVE)('the recorded BTCUSDT tape', () => {
  let tape: Tape
  const read = () => (tape ??= parseCapture(readFileSync(FILE), FILE, 'btcusdt'))

  it('reads every recorded trade as it was printed', () => {
    const { trades } = oracle()
    expect(trades).toHaveLength(9_757) // PROVENANCE.md §2
    const byId = new Map(read().trades.map((t) => [t.id, t]))
    expect(byId.size).toBe(9_757)
    for (const t of trades) {
      expect(byId.get(t.t)).toMatchObject({ ts: t.T, price: t.p, amount: t.q })
    }
  })

  it("rebuilds a book whose best bid and ask are Binance's own at every update id both streams name", () => {
    const { best } = oracle()
    let compared = 0
    for (const b of read().books) {
      expect(Number(b.bids[0]![0]), `book ${b.updateId} not crossed`).toBeLessThan(Number(b.asks[0]![0]))
      expect(b.bids.map((l) => Number(l[0]))).toEqual(b.bids.map((l) => Number(l[0])).sort((x, y) => y - x))
      expect(b.asks.map((l) => Number(l[0]))).toEqual(b.asks.map((l) => Number(l[0])).sort((x, y) => x - y))
      const ticker = best.get(b.updateId)
      if (!ticker) continue
      expect([b.bids[0]![0], b.asks[0]![0]], `best levels at update ${b.updateId}`).toEqual([ticker.b, ticker.a])
      compared++
    }
    expect(compared).toBeGreaterThan(500)
  })

  it('makes bars of the minutes it recorded, summing exactly what traded', () => {
    const { bars, trades } = read()
    expect(bars.map((b) => new Date(b.t).toISOString().slice(11, 16))).toEqual([
      '23:54',
      '23:55',
      '23:56',
      '23:57',
      '23:58',
      '23:59',
      '00:00',
    ])
    expect(bars.reduce((n, b) => n + b.count!, 0)).toBe(trades.length)
    const volume = trades.reduce((s, t) => s.plus(t.amount), new Big(0))
    expect(bars.reduce((s, b) => s.plus(b.volume), new Big(0)).eq(volume)).toBe(true)
    const m58 = trades.filter((t) => new Date(t.ts).toISOString().slice(11, 16) === '23:58')
    expect(bars[4]).toMatchObject({
      open: new Big(m58[0]!.price).toFixed(),
      close: new Big(m58.at(-1)!.price).toFixed(),
    })
  })

  it('is played in its minutes: recorded trades at their offsets and the recorded book, derived elsewhere', async () => {
    // The whole data folder: the tape's minutes sit between the 2023 and 2024-09 kline files of BTCUSDT.
    const series = (await loadReplay(join(DIR, '..'))).find((s) => s.spec.symbol === 'btcusdt')!
    expect(series.tape).toBeDefined()
    const minute = series.bars.findIndex((b) => new Date(b.t).toISOString() === '2024-08-08T23:58:00.000Z')
    const base = 1_800_000_000 - (1_800_000_000 % 60)
    // Virtual bar `minute` opens at `base`: the recorded 23:58 plays there.
    const player = new SymbolPlayer(
      series.spec,
      series.bars,
      base - minute * 60,
      60,
      minute,
      new TapePlayback(series.tape!),
    )
    const events: MarketEvent[] = []
    for (let s = 0; s <= 60; s++) events.push(...player.advanceTo((base + s) * 1000))
    const played = events.flatMap((e) =>
      e.type === 'trades' ? e.trades.map((t) => ({ t, recorded: e.recorded })) : [],
    )
    const recorded = series.tape!.trades.filter((t) => new Date(t.ts).toISOString().slice(11, 16) === '23:58')
    expect(played.map((p) => p.recorded)).toEqual(recorded.map(() => true))
    expect(played.map(({ t }) => [t.id, t.price, t.amount, t.direction, t.ts - base * 1000])).toEqual(
      recorded.map((r) => [r.id, Number(r.price), Number(r.amount), r.direction, r.ts - series.bars[minute]!.t]),
    )
    const ids = played.map(({ t }: { t: TradeItem }) => t.tradeId)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    expect(new Set(ids).size).toBe(ids.length)
    // The minute's last candle is the recorded bar.
    const last = events.filter((e) => e.type === 'candle' && e.bar.id === base).at(-1)
    const bar = series.bars[minute]!
    expect(last?.type === 'candle' && last.bar).toMatchObject({
      open: Number(bar.open),
      high: Number(bar.high),
      low: Number(bar.low),
      close: Number(bar.close),
      amount: Number(bar.volume),
      count: bar.count,
    })
    // The book at 23:58:30 is the recorded one; minutes after the tape (a kline file's bars) it is derived.
    const at = player.book((base + 30) * 1000)
    expect(at).toMatchObject({ type: 'book', recorded: true })
    const rec = series.tape!.books.filter((b) => b.ts <= series.bars[minute]!.t + 30_000).at(-1)!
    if (at.type !== 'book') throw new Error('not a book')
    expect(at.tick.bids[0]).toEqual([Number(rec.bids[0]![0]), Number(rec.bids[0]![1])])
    for (let s = 61; s <= 4 * 60; s += 10) player.advanceTo((base + s) * 1000)
    expect(player.book((base + 4 * 60) * 1000)).toMatchObject({ type: 'book', recorded: false })
  })
})
