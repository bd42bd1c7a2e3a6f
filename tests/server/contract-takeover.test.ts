/**
 * Futures matching across an engine takeover (issue 22 part 4): an engine matches the pending orders of the markets
 * whose partition it holds; when their holder dies, another takes them over a partition round later (`widen`). The
 * prints of that gap traded through a pending limit long and a reduce-only limit close: before, the new holder
 * matched only the prints after its takeover (this test failed so: the limit long still pending after the takeover).
 * Now every engine keeps the last seconds of prints (recent-prints.ts) and matches those of the markets it gains once
 * their orders are loaded, as arriving then (so, as on spot, a print older than the market's price max age by then
 * fills nothing: entrusts.ts, close-matcher.ts), and none fills twice.
 */
import { describe, expect, it } from 'vitest'
import type { CloseOrder, ContractOrder } from '../../common/api/contract'
import { PARTITIONS } from '../../server/cluster/partitions'
import type { RiskEngine } from '../../server/trading/contract/engine'
import { moneyCall } from '../helpers/money-calls'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import type { TestUser } from '../helpers/server-users'
import {
  contractSuite,
  expectBalancedLedger,
  history as closed,
  marketAt,
  open,
  positions,
  settled,
  trader,
  type ContractSuite,
  print,
} from './contract-fixtures'

const history = async (s: ContractSuite, u: TestUser) =>
  (await moneyCall<{ list: ContractOrder[] }>(s.t.app, u.token, 'GET', 'contract/order_list', { state: 'history' }))
    .body.data.list
const pendingOrders = async (s: ContractSuite, u: TestUser) =>
  (await moneyCall<{ list: ContractOrder[] }>(s.t.app, u.token, 'GET', 'contract/order_list', { state: 'open' })).body
    .data.list
const closeOrders = async (s: ContractSuite, u: TestUser) =>
  (await moneyCall<CloseOrder[]>(s.t.app, u.token, 'GET', 'contract/close_orders')).body.data

const ALL = new Set(Array.from({ length: PARTITIONS }, (_, i) => i))

function describeTakeover(name: string, s: ContractSuite) {
  it(`fills a pending long and a reduce-only close from the prints of the gap once the market is taken over (${name})`, async () => {
    const engine = s.engine as RiskEngine
    marketAt(s, 60000, 60010)
    const u = await trader(s, '10000')
    // A position of 0.5 (a market order fills at the book, engine or not), its reduce-only close at 61,000 and a
    // limit long of 0.2 at 60,000 resting below the ask.
    const position = await open(s, u, { amount: '0.5' })
    expect(position.body.data).toMatchObject({ status: 'filled' })
    s.beat()
    const close = await moneyCall<CloseOrder>(s.t.app, u.token, 'POST', 'contract/close_order', {
      id: position.body.data.position_id,
      type: 'limit',
      price: '61000',
      amount: '0.5',
    })
    expect(close.body.data).toMatchObject({ status: 'pending' })
    const long = await open(s, u, { type: 'limit', price: '60000', amount: '0.2' })
    expect(long.body.data).toMatchObject({ status: 'pending' })

    // The prints through both while another engine holds the market: nothing here.
    print(s, 59990, 1)
    print(s, 61000, 1)
    await settled(s)
    expect(await pendingOrders(s, u), 'not matched while another engine holds the market').toHaveLength(1)
    expect(await closeOrders(s, u)).toMatchObject([{ status: 'pending' }])

    // The holder died: this engine takes every partition over.
    engine.widen(ALL)
    await engine.idle()
    expect(await pendingOrders(s, u)).toEqual([])
    expect((await history(s, u)).find((o) => o.id === long.body.data.id)).toMatchObject({
      status: 'filled',
      filled_amount: '0.2',
    })
    expect(await closeOrders(s, u)).toEqual([])
    expect(await positions(s, u)).toMatchObject([{ amount: '0.2' }])

    // Given back and taken over again: nothing fills twice.
    await engine.narrow(new Set())
    engine.widen(ALL)
    await engine.idle()
    expect(await positions(s, u)).toMatchObject([{ amount: '0.2' }])
    expect(engine.stats().failures).toBe(0)
    await expectBalancedLedger(s)
  })
}

function describeTriggerTakeover(name: string, s: ContractSuite) {
  it(`closes a position whose stop-loss a mark of the gap reached, though the mark came back before the takeover (${name})`, async () => {
    const engine = s.engine as RiskEngine
    marketAt(s, 60000, 60010)
    const u = await trader(s, '10000')
    const position = await open(s, u, { amount: '0.5' })
    expect(position.body.data).toMatchObject({ status: 'filled' })
    const id = position.body.data.position_id
    const set = await moneyCall(s.t.app, u.token, 'POST', 'contract/position_tpsl', { id, sl: '59000' })
    expect(set.body.code).toBe(1)
    // The mark falls through the stop-loss and comes back while another engine holds the account, which dies
    // before acting on it.
    marketAt(s, 58900, 58910)
    marketAt(s, 60000, 60010)
    await settled(s)
    expect(await positions(s, u), 'not acted on while another engine holds the account').toMatchObject([{ id }])

    // The holder died: this engine takes every partition over and carries the stop-loss out at the book.
    engine.widen(ALL)
    await engine.idle()
    expect(await positions(s, u)).toEqual([])
    expect((await closed(s, u)).find((h) => h.id === id)).toMatchObject({ close_reason: 'stop_loss' })
    expect(engine.stats()).toMatchObject({ triggers: 1, failures: 0 })

    // Given back and taken over again: the closed position is not closed twice.
    await engine.narrow(new Set())
    engine.widen(ALL)
    await engine.idle()
    expect(engine.stats()).toMatchObject({ triggers: 1, failures: 0 })
    await expectBalancedLedger(s)
  })
}

describe('futures matching across an engine takeover (PGlite)', () => {
  describeTakeover(
    'PGlite',
    contractSuite(() => pgliteTestDb(), { scope: new Set() }),
  )
})
describe('futures triggers across an engine takeover (PGlite)', () => {
  describeTriggerTakeover(
    'PGlite',
    contractSuite(() => pgliteTestDb(), { scope: new Set() }),
  )
})
await describePostgres('futures takeover', (openDb) => {
  describeTakeover('PostgreSQL', contractSuite(openDb, { scope: new Set() }))
})
await describePostgres('futures trigger takeover', (openDb) => {
  describeTriggerTakeover('PostgreSQL', contractSuite(openDb, { scope: new Set() }))
})
