// Forex on replay, from the REAL files in ../shared/data/market/forex-futures: the LEAN Oanda minute quote zips
// (EURUSD, XAUUSD) and the FXCM bid minute bars (GBPUSD, USDJPY) become the four forex markets, bid side, every bar as
// recorded; the daily files (EURUSD, GBPUSD) are 1day/1week/1mon history before the minutes; the ask twins, hourly
// files and other layouts are not played, and a replay of the whole data folder
// lists forex beside the crypto markets, saying what of each feed is recorded. The oracle reads the files its own way (fflate for the zips, a split for
// the CSV), sharing no code with the server's parsers.
import { unzipSync } from 'fflate'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { KlineTick } from '../../common/feed/messages'
import { startMarket } from '../../server/market/index'
import { REQ_TIME_MIN_S } from '../../server/market/gateway/protocol'
import { bucketStart } from '../../server/market/hub/periods'
import { HISTORY_BARS, makeupOf } from '../../server/market/sources/replay/index'
import { loadReplay, type ReplaySeries } from '../../server/market/sources/replay/load'
import { FeedClient } from '../helpers/market-client'
import { recordedDataPresent } from '../helpers/prerequisites'

const DATA = join(import.meta.dirname, '../../../shared/data/market')
const FOREX = join(DATA, 'forex-futures')
const HAVE = recordedDataPresent(FOREX)
if (!HAVE) console.warn(`replay-forex: SKIPPED, ${FOREX} is absent (real market data not on this machine)`)

/** [open time ms, bid open, high, low, close] as the files hold them. */
type Row = [number, string, string, string, string]

/** Every minute bar of a LEAN quote folder: day from the zip's name, ms since midnight UTC in the first column. */
function leanFolder(folder: string): Row[] {
  const rows: Row[] = []
  for (const name of readdirSync(join(FOREX, folder)).sort()) {
    const [, y, m, d] = /^(\d{4})(\d{2})(\d{2})_quote\.zip$/.exec(name)!
    const day = Date.UTC(Number(y), Number(m) - 1, Number(d))
    const [csv] = Object.values(unzipSync(readFileSync(join(FOREX, folder, name))))
    for (const line of new TextDecoder().decode(csv).trim().split('\n')) {
      const f = line.trim().split(',')
      rows.push([day + Number(f[0]), f[1]!, f[2]!, f[3]!, f[4]!])
    }
  }
  return rows
}

/** Every row of an FXCM `timestamp,open,high,low,close` file. */
function fxcm(file: string): Row[] {
  const [, ...lines] = readFileSync(join(FOREX, file), 'utf8').trim().split('\n')
  return lines.map((l) => {
    const f = l.trim().split(',')
    return [Date.parse(f[0]!.replace(' ', 'T')), f[1]!, f[2]!, f[3]!, f[4]!]
  })
}

const played = (s: ReplaySeries): Row[] => s.bars.map((b) => [b.t, b.open, b.high, b.low, b.close])

describe.skipIf(!HAVE)('replay of the real forex files', () => {
  it('plays the four pairs as forex markets, bid bars exactly as recorded', async () => {
    const series = await loadReplay(FOREX)
    expect(series.map((s) => `${s.spec.symbol}:${s.spec.category}`).sort()).toEqual([
      'eurusd:forex',
      'gbpusd:forex',
      'usdjpy:forex',
      'xauusd:forex',
    ])
    const of = (symbol: string) => series.find((s) => s.spec.symbol === symbol)!
    const expected: Record<string, Row[]> = {
      eurusd: leanFolder('lean-oanda-EURUSD-1m-2014-05-01_15'),
      xauusd: leanFolder('lean-oanda-XAUUSD-1m-2014-05-01_15'),
      gbpusd: fxcm('nautilus-fxcm-GBPUSD-1m-bid-2012-02-01_07.csv'),
      usdjpy: fxcm('nautilus-fxcm-USDJPY-1m-bid-2013-02-01_07.csv'),
    }
    // Counts from PROVENANCE.md §4.
    expect(Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, v.length]))).toEqual({
      eurusd: 15_366,
      xauusd: 15_222,
      gbpusd: 7_163,
      usdjpy: 7_194,
    })
    for (const [symbol, rows] of Object.entries(expected)) {
      expect(played(of(symbol)), symbol).toEqual(rows)
      // Quote files carry no traded volume.
      expect(of(symbol).bars.every((b) => b.volume === '0')).toBe(true)
    }
    // At least the recorded decimals, so no price is rounded: EURUSD 1.38686, XAUUSD 1291.464.
    expect(of('eurusd').spec.price_precision).toBe(5)
    expect(of('xauusd').spec.price_precision).toBe(3)
  })

  it('replays the whole data folder: crypto and forex together, the rest reported as not played', async () => {
    let skipped: string[] = []
    const series = await loadReplay(DATA, (r) => (skipped = r.skipped))
    const symbols = series.map((s) => s.spec.symbol)
    expect(symbols).toEqual(expect.arrayContaining(['btcusdt', 'LTC-USDT', 'eurusd', 'gbpusd', 'usdjpy', 'xauusd']))
    expect(skipped).toEqual(
      expect.arrayContaining([
        'PROVENANCE.md',
        'forex-futures/nautilus-fxcm-GBPUSD-1m-ask-2012-02-01_07.csv',
        'forex-futures/lean-oanda-EURUSD-1h-2017-01-01_2018-12-31.csv',
        'forex-futures/nautilus-truefx-USDJPY-ticks-2013-01-01T2200_2235.csv',
      ]),
    )
    expect(skipped.some((p) => p.includes('-1m-bid-') || p.endsWith('_quote.zip'))).toBe(false)
    // What common/config says of each feed: recorded candles everywhere; BTC's trades and book recorded in the
    // capture's minutes and derived elsewhere; forex quote files have no trades.
    const makeup = Object.fromEntries(series.map((s) => [s.spec.symbol, makeupOf(s)]))
    expect(makeup.btcusdt).toEqual({
      symbol: 'btcusdt',
      recorded: ['candles', 'trades', 'book'],
      derived: ['ticker', 'trades', 'book'],
    })
    expect(makeup.ethusdt).toEqual({ symbol: 'ethusdt', recorded: ['candles'], derived: ['ticker', 'trades', 'book'] })
    expect(makeup.eurusd).toEqual({ symbol: 'eurusd', recorded: ['candles'], derived: ['ticker', 'book'] })
  })

  it('serves the daily files as 1day, 1week and 1mon history before the minutes, bars as recorded', async () => {
    const market = await startMarket(
      { host: '127.0.0.1', port: 0, source: `replay:${FOREX}`, replaySpeed: 1 },
      { limits: { reqPerSec: 1000, reqBurst: 1000 } },
    )
    const client = await FeedClient.connect(`ws://127.0.0.1:${market.port}`)
    try {
      const kline = async (req: string, range: { from?: number; to?: number } = {}) => {
        const rep = await client.call({ req, ...range })
        expect(rep.status, `${req} ${JSON.stringify(range)}: ${JSON.stringify(rep)}`).toBe('ok')
        return rep.data as KlineTick[]
      }
      const [csv] = Object.values(unzipSync(readFileSync(join(FOREX, 'lean-oanda-EURUSD-1d-2007-2018.zip'))))
      const days = new TextDecoder()
        .decode(csv)
        .trim()
        .split('\n')
        .map((l) => l.trim().split(','))
      expect(days).toHaveLength(3_738) // PROVENANCE.md §4
      // The days come a moment after the start (replay/index.ts: a symbol per turn of the event loop).
      for (const symbol of ['eurusd', 'gbpusd'])
        await expect
          .poll(async () => (await kline(`market.${symbol}.kline.1mon`)).length, { timeout: 30_000 })
          .toBe(300)
      // The minutes' history starts HISTORY_BARS before the playing bar; the days end on the day before its day.
      const minutesFrom = (await kline('market.eurusd.kline.1min')).at(-1)!.id - HISTORY_BARS * 60
      // Paging back with `to` from the day before the minutes, as far as `to` may go (HTX's earliest, 2017-07-27),
      // serves the newest recorded days, one per day, oldest first.
      const served: KlineTick[] = []
      let to = bucketStart('1day', minutesFrom) - 86_400
      while (to >= REQ_TIME_MIN_S) {
        const page = await kline('market.eurusd.kline.1day', { to })
        const older = page.filter((b) => b.id <= to && !served.some((x) => x.id === b.id))
        if (older.length === 0) break
        served.unshift(...older)
        to = older[0]!.id - 86_400
      }
      expect(served.length).toBeGreaterThan(3_000)
      const newest = days.slice(-served.length)
      served.forEach((b, i) => {
        expect([b.open, b.high, b.low, b.close], `day ${newest[i]![0]}`).toEqual(newest[i]!.slice(1, 5).map(Number))
        if (i > 0) expect(b.id - served[i - 1]!.id).toBe(86_400)
      })
      // 1mon reaches back over the ten years of days, and before them over the days again (looped, like the minutes).
      const months = await kline('market.eurusd.kline.1mon')
      expect(months[0]!.id).toBeLessThan(minutesFrom - 24 * 365 * 86_400)
      const weeks = await kline('market.gbpusd.kline.1week')
      expect(weeks).toHaveLength(300)
    } finally {
      client.close()
      await market.close()
    }
  })
})
