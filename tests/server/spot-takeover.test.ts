/**
 * Spot matching across an engine takeover (issue 22 part 6): a process matches only the markets whose partition its
 * engine holds, and when the engine matching a market dies the survivor takes it over a partition round later. The
 * prints of that gap traded through resting orders; before the fix they filled nothing (tests/server/cluster-kill:
 * takeovers 0.9–1 s after the kill, 3 to 5 prints of the gap through 1–7 open orders each, none filled, in 3 runs of
 * 3). Now the survivor keeps the prints of the markets it does not own and matches them when it takes one over
 * (`gained`), as arriving then: a print still within the market's maximum price age fills, an older one does not,
 * and none fills twice (sharePrint counts what a print filled already, whichever process filled it).
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDecimal } from '../../common/amount'
import type { Database } from '../../server/db/client'
import { spotFills, spotOrders } from '../../server/db/schema'
import { checkLedger } from '../../server/ledger/check'
import { priceMaxAgeMs } from '../../server/trading/freshness'
import { startSpotMatcher, type SpotMatcher } from '../../server/trading/spot/matcher'
import { placeOrder } from '../../server/trading/spot/place'
import { moneyUser, openChain, serviceCalls } from '../helpers/ledger-ops'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { fakeMarket, type FakeMarket } from '../helpers/server-fake-market'
import { makeUser } from '../helpers/server-users'

/** The suite on the database `open` gives. */
function takeoverSuite(name: string, open: () => Promise<Database>) {
  describe(`spot matching across an engine takeover (${name})`, () => {
    let database: Database
    let market: FakeMarket
    let matcher: SpotMatcher
    /** Whether this process's engine holds the market's partition. */
    let owned = false
    /** The matcher's clock, ms: moved on by hand to age the prints it kept. */
    let clock = Date.now()
    let tradeId = 0

    beforeAll(async () => {
      database = await open()
      market = fakeMarket({ source: 'replay' })
      matcher = startSpotMatcher({ db: database.db, market, owns: () => owned, now: () => new Date(clock) })
      await openChain(database.db, 'USDT', { fee: '1', min: '2' })
    })
    afterAll(async () => {
      matcher?.stop()
      await database?.close()
    })

    /** A resting limit buy of 0.1 BTC at 60000 of a new user; answers its id. */
    const restingBuy = async () => {
      const u = await makeUser(database.db)
      const calls = serviceCalls(database.db, new Map([[u.id, await moneyUser(database.db, u.id)]]))
      await calls.deposit(u.id, 'USDT', parseDecimal('10000'), randomUUID())
      const who = { userId: u.id, book: 'live' as const, key: randomUUID() }
      const order = {
        symbol: 'btcusdt',
        side: 'buy' as const,
        type: 'limit' as const,
        price: parseDecimal('60000'),
        amount: parseDecimal('0.1'),
      }
      return (await placeOrder({ db: database.db, market }, who, { ...order, client_oid: randomUUID() })).id
    }
    /** A print of 1 BTC at 59990 (through the buys) on the feed, at the matcher's clock; answers its id. */
    const print = () => {
      clock = Math.max(clock, Date.now())
      const trade = { id: ++tradeId, tradeId, ts: clock, price: 59990, amount: 1, direction: 'sell' as const }
      market.emit({ type: 'trades', symbol: 'btcusdt', ts: clock, trades: [trade], recorded: false })
      return tradeId
    }
    const fillsOf = (id: number) =>
      database.db.select({ ref: spotFills.feedRef }).from(spotFills).where(eq(spotFills.orderId, id))
    const statusOf = async (id: number) =>
      (await database.db.select().from(spotOrders).where(eq(spotOrders.id, id)))[0]!.status

    it('fills a resting buy from the print that traded through it while the market was not owned, once taken over', async () => {
      owned = false
      const id = await restingBuy()
      const t = print()
      await matcher.idle()
      expect(await statusOf(id), 'not matched while another engine holds the market').toBe('pending')
      owned = true
      matcher.gained()
      await matcher.idle()
      expect(await fillsOf(id)).toEqual([{ ref: `trade:${t}` }])
      expect(await statusOf(id)).toBe('filled')
      // Taken over again (partitions move back and forth): nothing is kept any more, nothing fills twice.
      matcher.gained()
      await matcher.idle()
      expect(await fillsOf(id)).toHaveLength(1)
      expect((await checkLedger(database.db)).ok).toBe(true)
    })

    it('fills nothing from a print older than the market’s price max age by the time of the takeover', async () => {
      owned = false
      const id = await restingBuy()
      print()
      await matcher.idle()
      clock += (await priceMaxAgeMs(database.db, 'btcusdt')) + 1
      owned = true
      matcher.gained()
      await matcher.idle()
      expect(await fillsOf(id)).toEqual([])
      expect(await statusOf(id)).toBe('pending')
    })
  })
}

takeoverSuite('PGlite', () => pgliteTestDb())
await describePostgres('spot takeover', (open) => takeoverSuite('PostgreSQL', open))
