/**
 * Issue 21 part 7, "real money only on live prices", as an attacker tries it:
 * - `MARKET_SOURCE=auto` without the live relay runs the simulator; from what is public (the source's detail in
 *   common/config, the simulator's code) a user rebuilds it and foresees its prices: of 18 second contracts bet on
 *   the predicted move, all 18 win (old code: seed 42, 18 of 18). Now the fallback is said in common/config and the
 *   log at error level, and the simulator draws from the OS's secure random source: the same prediction fails;
 * - a live-book order (spot, futures, second contract) on a feed that is not the live relay is refused with "Trading
 *   is paused: prices are not live" unless the operator allows it (LIVE_TRADING_ON_TEST_FEED=1), while the demo
 *   book trades (old code: all three accepted), on PGlite and PostgreSQL.
 */
import type { AddressInfo } from 'node:net'
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import { parseDecimal } from '../../common/amount'
import type { Config } from '../../common/api/public'
import type { TradeItem } from '../../common/feed/messages'
import { CATALOG } from '../../server/market/catalog'
import { createSource } from '../../server/market/sources/auto'
import { SIM_HISTORY_BARS } from '../../server/market/sources/sim/index'
import { SimMarket } from '../../server/market/sources/sim/sim-market'
import type { SourceSink } from '../../server/market/sources/source'
import type { MarketEvent } from '../../server/market/types'
import { moneyUser, serviceCalls } from '../helpers/ledger-ops'
import { moneyCall } from '../helpers/money-calls'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { fakeMarket } from '../helpers/server-fake-market'
import { getJson, testApp } from '../helpers/server-app'
import { makeUser } from '../helpers/server-users'
import type { Database } from '../../server/db/client'
import { microSuiteOn, whilePricing, type MicroSuite } from './micro-suite'

/** A ws URL where nothing listens (a machine without the relay). */
async function deadUrl(): Promise<string> {
  const closed = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise((r) => closed.once('listening', r))
  const port = (closed.address() as AddressInfo).port
  await new Promise((r) => closed.close(r))
  return `ws://127.0.0.1:${port}/ws`
}

const TICK_MS = 5
const START = 1_800_000_000_000

describe('auto falling back to the simulator', () => {
  it('is said at error level and in the source, and its prices cannot be foreseen from public data', async () => {
    const lines: string[] = []
    const errors: string[] = []
    const source = await createSource(
      {
        host: '127.0.0.1',
        port: 0,
        source: 'auto',
        htxUrl: await deadUrl(),
        replaySpeed: 1,
        log: (l) => lines.push(l),
        logError: (l) => errors.push(l),
      },
      { autoProbeMs: 300, simTickMs: TICK_MS, now: () => START },
    )
    expect(source.kind).toBe('sim')
    // BTC/USDT's live trades, 19 × 4 of them (18 contracts of 4 ticks each, back to back).
    const events: MarketEvent[] = []
    const need = 19 * 4
    const prints = () => events.filter((e) => e.type === 'trades' && e.symbol === 'btcusdt')
    let enough: () => void = () => {}
    const reached = new Promise<void>((r) => (enough = r))
    const sink: SourceSink = {
      history: () => {},
      event: (e) => {
        events.push(e)
        if (prints().length >= need) enough()
      },
    }
    await source.start(sink)
    await reached
    await source.stop()
    const actual = prints()
      .slice(0, need)
      .map((e) => ((e as { trades: TradeItem[] }).trades[0] as TradeItem).price)

    // The attacker's copy: the seed the detail shows (else the documented default, 42), the same start and ticks.
    const seed = Number(/seed (\d+)/.exec(source.detail + [...lines, ...errors].join(' '))?.[1] ?? 42)
    const copy = new SimMarket(
      CATALOG.find((e) => e.symbol === 'btcusdt')!,
      seed,
    )
    copy.history(Math.floor(START / 60_000) * 60, SIM_HISTORY_BARS)
    const predicted = Array.from({ length: need }, (_, i) => copy.tick(START + i, TICK_MS / 1000).trade.price)
    // 18 contracts, each bet on the predicted move over 4 ticks (a flat prediction bets up).
    let won = 0
    for (let c = 0; c < 18; c++) {
      const up = (predicted[c * 4 + 4] as number) >= (predicted[c * 4] as number)
      const moved = (actual[c * 4 + 4] as number) - (actual[c * 4] as number)
      if (up ? moved > 0 : moved < 0) won++
    }
    expect(won, `contracts won of 18 (prices foreseen: ${String(predicted.join() === actual.join())})`).toBeLessThan(18)
    expect(predicted).not.toEqual(actual)
    expect(source.detail).not.toMatch(/\d/)
    expect(source.fallback).toMatch(/not reachable/)
    expect(errors.join('\n')).toMatch(/simulat/i)
  })
})

/** A user with `usdt` USDT in each of the live spot, futures and options wallets. */
async function funded(s: MicroSuite, usdt: string) {
  const user = await makeUser(s.database.db)
  const calls = serviceCalls(s.database.db, new Map([[user.id, await moneyUser(s.database.db, user.id)]]))
  await calls.deposit(user.id, 'USDT', parseDecimal(String(Number(usdt) * 3)), randomUUID())
  for (const to of ['contract', 'option'] as const) {
    const who = { userId: user.id, book: 'live' as const, key: randomUUID() }
    await calls.transfer(who, { currency: 'USDT', from: 'spot', to, amount: parseDecimal(usdt) })
  }
  return user
}

function describeGuard(name: string, open: () => Promise<Database>) {
  const base = microSuiteOn(open)
  it(`refuses live-book orders on a test feed unless allowed, and lets the demo book trade (${name})`, async () => {
    // The same database, served by an app whose feed is a replay and whose operator did not allow live trading.
    const market = fakeMarket({ source: 'replay', liveTradingOnTestFeed: false })
    const t = await testApp({ db: base.database.db, market })
    const on = { ...base, t, market }
    try {
      const u = await funded(on, '1000')
      const orders = {
        'trade/order_place': {
          symbol: 'btcusdt',
          side: 'buy',
          type: 'limit',
          price: '50000',
          amount: '0.001',
          client_oid: randomUUID(),
        },
        'contract/order_place': {
          symbol: 'btcusdt',
          side: 'long',
          type: 'limit',
          price: '50000',
          amount: '0.01',
          leverage: 10,
          client_oid: randomUUID(),
        },
        'micro/order_place': {
          symbol: 'btcusdt',
          direction: 'up',
          duration_s: 30,
          amount: '10',
          client_oid: randomUUID(),
        },
      }
      const placeAll = async () => {
        const answers: Record<string, { code: number; msg: string; data: unknown }> = {}
        for (const [path, body] of Object.entries(orders)) {
          const call = moneyCall(t.app, u.token, 'POST', path, { ...body, client_oid: randomUUID() })
          answers[path] = (await whilePricing(on, call, 60000)).body
        }
        return answers
      }
      const live = await placeAll()
      for (const [path, answer] of Object.entries(live)) {
        expect(answer, path).toMatchObject({ msg: 'Trading is paused: prices are not live', data: { field: 'symbol' } })
      }
      const zh = await moneyCall(t.app, u.token, 'POST', 'trade/order_place', orders['trade/order_place'], {
        lang: 'zh-CN',
      })
      expect(zh.body.msg).toBe('交易已暂停：当前行情不是实时行情')
      const config = (await getJson<{ data: Config }>(t.app, '/api/common/config')).body.data
      expect(config).toMatchObject({ market_source: 'replay', market_live: false, live_trading: false })
      // The demo book trades on any feed.
      expect((await moneyCall(t.app, u.token, 'POST', 'assets/demo_enter')).body.code).toBe(1)
      for (const to of ['contract', 'option']) {
        const moved = await moneyCall(t.app, u.token, 'POST', 'assets/transfer', {
          currency: 'USDT',
          from: 'spot',
          to,
          amount: '1000',
        })
        expect(moved.body.code, to).toBe(1)
      }
      const demo = await placeAll()
      for (const [path, answer] of Object.entries(demo)) expect(answer, path).toMatchObject({ code: 1 })
    } finally {
      await t.app.close()
    }
  })
}

describe('live-book orders on PGlite', () => describeGuard('PGlite', () => pgliteTestDb()))

await describePostgres('live-book orders', (open) => {
  describe('live-book orders on PostgreSQL', () => describeGuard('PostgreSQL', open))
})
