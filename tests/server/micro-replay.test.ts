/**
 * Second contracts settled on REAL recorded prices (issue 11 "Done when": settlements against recorded prices with
 * hand-computed expectations): the BTCUSDT capture of 2024-08-08 played by the replay through the real hub (its
 * tickers are what the settler watches), minute 23:58 laid on the next wall-clock minute. From the capture's trades:
 * the first price played after 23:58:30 is 61674 (23:58:30.486; the last before it, 61675.44 at 23:58:29.906, is not
 * an opening price any more: issue 21 part 3), and the first after 23:59:30 printed 61694.02 (23:59:30.096; every
 * trade up to 23:59:31 printed 61694.02). So a 60 s contract accepted at 23:58:30 opens at 61674 and closes at
 * 61694.02: "up" wins 100 × 0.85 = 85 USDT on a 100 USDT stake, "down" loses its 40.
 */
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDecimal } from '../../common/amount'
import type { Database } from '../../server/db/client'
import { Hub } from '../../server/market/hub/hub'
import { loadReplay } from '../../server/market/sources/replay/load'
import { SymbolPlayer } from '../../server/market/sources/replay/player'
import { TapePlayback } from '../../server/market/sources/replay/tape'
import { microDetail, placeMicro } from '../../server/trading/micro/orders'
import { startMicroSettler } from '../../server/trading/micro/settler'
import { bucketsOf, moneyUser, openChain, serviceCalls } from '../helpers/ledger-ops'
import { recordedDataPresent } from '../helpers/prerequisites'
import { pgliteTestDb } from '../helpers/server-db'
import { makeUser } from '../helpers/server-users'

const FILE = join(
  import.meta.dirname,
  '../../../shared/data/market/trades-depth/hftbacktest-binance-spot-BTCUSDT-ws-capture-2024-08-08T2354_2400.gz',
)
const HAVE = recordedDataPresent(FILE)
if (!HAVE) console.warn(`micro-replay: SKIPPED, ${FILE} is absent (real market data not on this machine)`)

describe.skipIf(!HAVE)('second contracts on the recorded BTCUSDT trades', () => {
  let database: Database

  beforeAll(async () => {
    database = await pgliteTestDb()
    await openChain(database.db, 'USDT', { fee: '1', min: '2' })
  })
  afterAll(async () => {
    await database?.close()
  })

  it('opens at the recorded price of the moment and settles at the first recorded price after delivery', async () => {
    const series = (await loadReplay(FILE)).find((s) => s.spec.symbol === 'btcusdt')!
    const minute = series.bars.findIndex((b) => new Date(b.t).toISOString() === '2024-08-08T23:58:00.000Z')
    const base = Math.floor(Date.now() / 60_000) * 60 + 60
    const player = new SymbolPlayer(
      series.spec,
      series.bars,
      base - minute * 60,
      60,
      minute,
      new TapePlayback(series.tape!),
    )
    const hub = new Hub([series.spec], { tickerFromBars: true })
    /** How many are listening for the hub's events (the settler, and each order waiting for its opening price). */
    let listening = 0
    const market = {
      source: 'replay' as const,
      liveTradingOnTestFeed: true,
      onEvent: (l: Parameters<Hub['onEvent']>[0]) => {
        listening++
        const off = hub.onEvent(l)
        return () => {
          listening--
          off()
        }
      },
      lastTicker: (s: string) => hub.lastTicker(s),
      lastTickerAt: (s: string) => hub.lastTickerAt(s),
    }
    /** The replay clock (ms): the feed is played second by second up to it. */
    let clock = base * 1000
    const playTo = (second: number) => {
      for (let t = clock + 1000; t <= (base + second) * 1000; t += 1000) {
        for (const e of player.advanceTo(t)) hub.event(e)
        clock = t
      }
    }
    const settler = startMicroSettler({ db: database.db, market, now: () => new Date(clock), intervalMs: 3_600_000 })
    try {
      playTo(30)
      const user = await makeUser(database.db)
      const calls = serviceCalls(database.db, new Map([[user.id, await moneyUser(database.db, user.id)]]))
      await calls.deposit(user.id, 'USDT', parseDecimal('500'), randomUUID())
      const who = { userId: user.id, book: 'live' as const }
      await calls.transfer(
        { ...who, key: randomUUID() },
        { currency: 'USDT', from: 'spot', to: 'option', amount: parseDecimal('500') },
      )
      const deps = { db: database.db, market, now: () => new Date(clock) }
      const place = (direction: 'up' | 'down', amount: string) =>
        placeMicro(
          deps,
          { ...who, key: randomUUID() },
          { symbol: 'btcusdt', direction, duration_s: 60, amount: parseDecimal(amount), client_oid: randomUUID() },
        )
      // Both accepted at 23:58:30, then the feed plays on: each opens at the first price received after that.
      const settlerOnly = listening
      const placing = Promise.all([place('up', '100'), place('down', '40')])
      while (listening < settlerOnly + 2) await new Promise((r) => setTimeout(r, 5))
      playTo(31)
      const [up, down] = await placing
      expect(up).toMatchObject({ open_price: '61674', status: 'open' })
      expect(down).toMatchObject({ open_price: '61674', status: 'open' })
      expect(new Date(up.open_ts).toISOString().slice(11, 23)).toBe(
        new Date((base + 30.486) * 1000).toISOString().slice(11, 23),
      )
      playTo(89)
      expect(await settler.pass()).toBe(0)
      playTo(95)
      expect(await settler.pass()).toBe(2)
      const settledUp = await microDetail(database.db, user.id, 'live', up.id)
      expect(settledUp).toMatchObject({ status: 'won', close_price: '61694.02', pnl: '85', percentage: '85' })
      // Closed by the first price at or after delivery (23:59:30 plays at base + 90 s), within the second after it.
      expect(settledUp.close_ts! - (base + 90) * 1000).toBeGreaterThanOrEqual(0)
      expect(settledUp.close_ts! - (base + 90) * 1000).toBeLessThan(1000)
      expect(await microDetail(database.db, user.id, 'live', down.id)).toMatchObject({ status: 'lost', pnl: '-40' })
      // 500 − 100 − 40 + (100 + 85) = 545.
      expect(await bucketsOf(database.db, user.id, 'USDT', 'option')).toEqual({ available: '545', frozen: '0' })
    } finally {
      await settler.stop()
    }
  })
})
