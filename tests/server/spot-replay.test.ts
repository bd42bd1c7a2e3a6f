/**
 * Spot fills against REAL recorded prices (issue 11 "Done when": fills against recorded prices with hand-computed
 * expectations): the BTCUSDT capture of 2024-08-08 (../shared/data/market/trades-depth) played by the replay, its
 * minute 23:58 laid on the next wall-clock minute. At 23:58:30 the recorded book's best bids are 0.0189 BTC at
 * 61675.43 and 0.00479 at 61675.42, and the next recorded trades are sells at 61675.43 of 0.0001, 0.00074, 0.00056…
 * - a market sell of 0.02 BTC takes 0.0189 at 61675.43 and 0.0011 at 61675.42:
 *   1165.665627 + 67.842962 = 1233.508589 USDT, fee ⌈2.467017178⌉ = 2.467018, so 1231.041571 USDT received;
 * - a limit buy of 0.001 at 61675.43 fills from those trades: 0.0001 + 0.00074 + 0.00016 (of the 0.00056), paying
 *   61.67543 USDT and receiving 0.001 BTC less ⌈0.000002⌉ = 0.000998 BTC;
 * each fill citing the recorded book or trade it used.
 */
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDecimal } from '../../common/amount'
import type { Order, OrderDetail } from '../../common/api/trade'
import type { Database } from '../../server/db/client'
import { loadReplay } from '../../server/market/sources/replay/load'
import { SymbolPlayer } from '../../server/market/sources/replay/player'
import { TapePlayback } from '../../server/market/sources/replay/tape'
import { startSpotMatcher, type SpotMatcher } from '../../server/trading/spot/matcher'
import { bucketsOf, moneyUser, openChain, serviceCalls } from '../helpers/ledger-ops'
import { moneyCall } from '../helpers/money-calls'
import { recordedDataPresent } from '../helpers/prerequisites'
import { pgliteTestDb } from '../helpers/server-db'
import { fakeMarket, type FakeMarket } from '../helpers/server-fake-market'
import { testApp, type TestApp } from '../helpers/server-app'
import { makeUser, type TestUser } from '../helpers/server-users'

const FILE = join(
  import.meta.dirname,
  '../../../shared/data/market/trades-depth/hftbacktest-binance-spot-BTCUSDT-ws-capture-2024-08-08T2354_2400.gz',
)
const HAVE = recordedDataPresent(FILE)
if (!HAVE) console.warn(`spot-replay: SKIPPED, ${FILE} is absent (real market data not on this machine)`)

describe.skipIf(!HAVE)('spot fills on the recorded BTCUSDT book and trades', () => {
  let database: Database
  let t: TestApp
  let market: FakeMarket
  let matcher: SpotMatcher
  let player: SymbolPlayer
  /** Open time (epoch s) of the wall-clock minute that plays the recorded 23:58. */
  let base: number

  /** Plays the recording up to `second` of the minute into the fake feed (the hub's part), the book last. */
  const playTo = (second: number) => {
    for (const e of player.advanceTo((base + second) * 1000)) market.emit(e)
    market.emit(player.book((base + second) * 1000))
  }

  beforeAll(async () => {
    database = await pgliteTestDb()
    market = fakeMarket({ source: 'replay' })
    t = await testApp({ db: database.db, market })
    matcher = startSpotMatcher({ db: database.db, market })
    await openChain(database.db, 'BTC', { fee: '0', min: '0.001' })
    await openChain(database.db, 'USDT', { fee: '1', min: '2' })
    const series = (await loadReplay(FILE)).find((s) => s.spec.symbol === 'btcusdt')!
    const minute = series.bars.findIndex((b) => new Date(b.t).toISOString() === '2024-08-08T23:58:00.000Z')
    base = Math.floor(Date.now() / 60_000) * 60 + 60
    player = new SymbolPlayer(series.spec, series.bars, base - minute * 60, 60, minute, new TapePlayback(series.tape!))
  })
  afterAll(async () => {
    matcher?.stop()
    await t?.app.close()
    await database?.close()
  })

  async function trader(usdt: string, btc: string): Promise<TestUser> {
    const user = await makeUser(database.db)
    const calls = serviceCalls(database.db, new Map([[user.id, await moneyUser(database.db, user.id)]]))
    if (usdt !== '0') await calls.deposit(user.id, 'USDT', parseDecimal(usdt), randomUUID())
    if (btc !== '0') await calls.deposit(user.id, 'BTC', parseDecimal(btc), randomUUID())
    return user
  }
  const place = (u: TestUser, order: object) =>
    moneyCall<Order>(t.app, u.token, 'POST', 'trade/order_place', {
      symbol: 'btcusdt',
      client_oid: randomUUID(),
      ...order,
    })
  const detail = async (u: TestUser, id: number) =>
    (await moneyCall<OrderDetail>(t.app, u.token, 'GET', 'trade/order_detail', { id: String(id) })).body.data

  it('fills a market sell on the recorded bids and a limit buy from the recorded trades', async () => {
    playTo(30)
    await matcher.idle()
    const seller = await trader('0', '1')
    const sell = await place(seller, { side: 'sell', type: 'market', amount: '0.02' })
    expect(sell.body).toMatchObject({
      code: 1,
      data: { status: 'filled', deal_volume: '1233.508589', fee: '2.467018' },
    })
    const sold = await detail(seller, sell.body.data.id)
    expect(sold.fills.map((f) => [f.price, f.amount, f.feed_event.topic, f.feed_event.recorded])).toEqual([
      ['61675.43', '0.0189', 'market.btcusdt.depth.step0', true],
      ['61675.42', '0.0011', 'market.btcusdt.depth.step0', true],
    ])
    expect(await bucketsOf(database.db, seller.id, 'USDT')).toEqual({ available: '1231.041571', frozen: '0' })
    expect(await bucketsOf(database.db, seller.id, 'BTC')).toEqual({ available: '0.98', frozen: '0' })

    const buyer = await trader('100', '0')
    const buy = await place(buyer, { side: 'buy', type: 'limit', price: '61675.43', amount: '0.001' })
    expect(buy.body.data).toMatchObject({ status: 'pending' })
    playTo(31)
    await matcher.idle()
    const bought = await detail(buyer, buy.body.data.id)
    expect(bought).toMatchObject({ status: 'filled', deal_volume: '61.67543', fee: '0.000002' })
    expect(
      bought.fills.map((f) => [f.price, f.amount, f.feed_event.price, f.feed_event.ref, f.feed_event.recorded]),
    ).toEqual([
      ['61675.43', '0.0001', '61675.43', expect.stringMatching(/^trade:\d+$/), true],
      ['61675.43', '0.00074', '61675.43', expect.stringMatching(/^trade:\d+$/), true],
      ['61675.43', '0.00016', '61675.43', expect.stringMatching(/^trade:\d+$/), true],
    ])
    expect(await bucketsOf(database.db, buyer.id, 'USDT')).toEqual({ available: '38.32457', frozen: '0' })
    expect(await bucketsOf(database.db, buyer.id, 'BTC')).toEqual({ available: '0.000998', frozen: '0' })
  })
})
