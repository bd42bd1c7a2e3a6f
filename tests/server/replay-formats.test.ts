// Replay input formats on small hand-made files (tests/fixtures/market): every supported layout parses to the
// recorded bars, symbols and categories come from file names, files of one symbol merge, bad files name file:line.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startMarket } from '../../server/market/index'
import { loadReplay, type ReplaySeries } from '../../server/market/sources/replay/load'
import { symbolFromFileName } from '../../server/market/sources/replay/file-name'
import { replayKindOf } from '../../server/market/sources/replay/files'
import { leanQuoteDay, parseLeanQuoteCsv, parseLeanQuoteZip } from '../../server/market/sources/replay/parse-lean'

const FIX = join(import.meta.dirname, '../fixtures/market')
const GOOD = join(FIX, 'good')
const BAD = join(FIX, 'bad')

const bySymbol = (series: ReplaySeries[], symbol: string) => {
  const s = series.find((x) => x.spec.symbol === symbol)
  if (!s) throw new Error(`no ${symbol}`)
  return s
}

describe('symbol from file name', () => {
  it.each([
    ['binance-spot-BTCUSDT-1m-2025-10-29_2025-11-01.csv', 'btcusdt', 'spot'],
    ['binance-usdm-futures-LTCUSDT-1m-2026-02-01_07.csv', 'LTC-USDT', 'futures'],
    ['freqtrade-binance-spot-BTC_USDT-1m-2023-04-02_08.json', 'btcusdt', 'spot'],
    ['binance-spot-BTCUSDT-1m-rest-klines-2024-09-04.json', 'btcusdt', 'spot'],
    ['EURUSD-1m.csv', 'eurusd', 'forex'],
  ])('%s → %s (%s)', (name, symbol, category) => {
    expect(symbolFromFileName(name)).toMatchObject({ symbol, category })
  })
})

describe('replay formats', async () => {
  const series = await loadReplay(GOOD)

  it('lists one series per symbol, futures as contract codes', () => {
    expect(series.map((s) => [s.spec.symbol, s.spec.category]).sort()).toEqual([
      ['BAR-USDT', 'futures'],
      ['abcusdt', 'spot'],
      ['foousdt', 'spot'],
      ['testusdt', 'spot'],
      ['xyzusdt', 'spot'],
    ])
  })

  it('reads a CSV with header and epoch-ms times, merged with a header-less ISO one (first file wins a duplicate)', () => {
    const s = bySymbol(series, 'testusdt')
    expect(s.files).toHaveLength(2)
    expect(s.bars.map((b) => new Date(b.t).toISOString())).toEqual([
      '2024-01-01T00:00:00.000Z',
      '2024-01-01T00:01:00.000Z',
      '2024-01-01T00:02:00.000Z',
      '2024-01-01T00:03:00.000Z',
      '2024-01-01T00:04:00.000Z',
    ])
    expect(s.bars[2]).toMatchObject({ open: '100.30', close: '99.95', volume: '0.75', quote: '75.01', count: 5 })
    expect(s.bars[3]).toMatchObject({
      open: '99.95',
      high: '100.05',
      low: '99.80',
      close: '100.00',
      volume: '3',
      count: 20,
    })
    expect(s.spec).toMatchObject({ price_precision: 2, amount_precision: 2, volume_decimals: 2 })
  })

  it('reads data.binance.vision µs times', () => {
    const s = bySymbol(series, 'abcusdt')
    expect(s.bars.map((b) => b.t)).toEqual([1735689600000, 1735689660000])
    expect(s.spec.price_precision).toBe(3)
  })

  it('reads the REST /api/v3/klines JSON answer (string fields)', () => {
    const s = bySymbol(series, 'xyzusdt')
    expect(s.bars[1]).toMatchObject({
      t: 1725416880000,
      open: '56642.00000000',
      close: '56618.01000000',
      volume: '8.25521000',
      quote: '467415.07599380',
      count: 1289,
    })
    expect(s.spec).toMatchObject({ price_precision: 2, volume_decimals: 5 })
  })

  it('reads freqtrade OHLCV arrays (no quote volume, no count)', () => {
    const s = bySymbol(series, 'foousdt')
    expect(s.bars).toHaveLength(3)
    expect(s.bars[0]).toEqual({
      t: 1680393600000,
      open: '0.392',
      high: '0.3922',
      low: '0.3917',
      close: '0.3917',
      volume: '203523.8',
    })
  })

  it('infers precision from the data for a symbol the catalog lacks, and loads a single file', async () => {
    const [bar] = await loadReplay(join(GOOD, 'binance-usdm-futures-BARUSDT-1m.csv'))
    expect(bar?.spec).toMatchObject({ symbol: 'BAR-USDT', price_precision: 2, volume_decimals: 3 })
  })
})

describe('bad replay files', () => {
  it.each([
    ['binance-spot-BADUSDT-1m-junk.csv', ':4: ', /open is not a number/],
    ['binance-spot-BADUSDT-1m-nonmono.csv', ':4: ', /not after the previous row/],
    ['binance-spot-BADUSDT-1m-ohlc.csv', ':3: ', /OHLC order broken/],
    ['freqtrade-binance-spot-BAD_USDT-1m-row.json', ':4: ', /row 3: high is not a number/],
    ['binance-spot-1m-nosymbol.csv', ':1: ', /symbol/],
  ])('%s → error naming file and line', async (name, line, reason) => {
    const file = join(BAD, name)
    const err = await loadReplay(file).then(
      () => undefined,
      (e: Error) => e,
    )
    expect(err?.message).toContain(file + line)
    expect(err?.message).toMatch(reason)
  })

  it('makes startMarket reject, naming the file and line', async () => {
    const file = join(BAD, 'binance-spot-BADUSDT-1m-ohlc.csv')
    await expect(startMarket({ host: '127.0.0.1', port: 0, source: `replay:${file}`, replaySpeed: 1 })).rejects.toThrow(
      `${file}:3:`,
    )
  })

  it('rejects a missing path and an unknown MARKET_SOURCE clearly', async () => {
    await expect(
      startMarket({ host: '127.0.0.1', port: 0, source: 'replay:/nope/none', replaySpeed: 1 }),
    ).rejects.toThrow('replay path not found: /nope/none')
    await expect(startMarket({ host: '127.0.0.1', port: 0, source: 'bogus', replaySpeed: 1 })).rejects.toThrow(
      /MARKET_SOURCE/,
    )
  })

  it('reads a LEAN minute quote file by its day and bid columns, and names the line of a bad row', () => {
    const day = leanQuoteDay('20140501_quote.zip')!
    expect(new Date(day).toISOString()).toBe('2014-05-01T00:00:00.000Z')
    expect(leanQuoteDay('20140501_trade.zip')).toBeUndefined()
    const csv =
      '0,1.38676,1.38686,1.38669,1.38686,0,1.38686,1.38697,1.38680,1.38697,0\n' +
      '60000,1.38688,1.38688,1.38685,1.38685,0,1.38700,1.38700,1.38696,1.38698,0\n'
    expect(parseLeanQuoteCsv(csv, 'q.csv', day)).toEqual([
      { t: day, open: '1.38676', high: '1.38686', low: '1.38669', close: '1.38686', volume: '0' },
      { t: day + 60_000, open: '1.38688', high: '1.38688', low: '1.38685', close: '1.38685', volume: '0' },
    ])
    expect(() => parseLeanQuoteCsv(`${csv}90000000,1,1,1,1,0,1,1,1,1,0\n`, 'q.csv', day)).toThrow(
      /^q\.csv:3: time 90000000 is not milliseconds within the day/,
    )
    expect(() => parseLeanQuoteZip(new TextEncoder().encode('not a zip'), 'x_quote.zip', day)).toThrow(
      /^x_quote\.zip:1: not a readable zip file/,
    )
  })

  it('classes files of a data tree by name: what it plays and what it leaves', () => {
    expect(replayKindOf('binance-spot-BTCUSDT-1m-2025-10-29_2025-11-01.csv')).toBe('kline')
    expect(replayKindOf('nautilus-fxcm-GBPUSD-1m-bid-2012-02-01_07.csv')).toBe('fx-bid')
    expect(replayKindOf('nautilus-fxcm-GBPUSD-1m-ask-2012-02-01_07.csv')).toBeUndefined()
    expect(replayKindOf('20140501_quote.zip')).toBe('lean-quote')
    expect(replayKindOf('lean-oanda-EURUSD-1h-2017-01-01_2018-12-31.csv')).toBeUndefined()
    expect(replayKindOf('nautilus-binance-spot-BTCUSDT-trades-2021-01-08T0000_0001.csv')).toBeUndefined()
    expect(replayKindOf('PROVENANCE.md')).toBeUndefined()
  })
})
