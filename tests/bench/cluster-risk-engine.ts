/**
 * One engine process of the cluster bench's risk tick (cluster-risk.ts): the engine role of a role process
 * (server/cluster/engine-role.ts: its own partition leases on PostgreSQL DATABASE_URL, the risk engine on the accounts
 * of the partitions it holds) on a market of its own that only the bench moves. Served through child-rpc.ts:
 * - `state`: partitions held, accounts in its risk book, and whether it is idle (no reload or action pending);
 * - `tick`: hands the engine one mark of SYMBOL at `price`, as a role process hands it each mark heard on NATS
 *   (MarkBoard → RiskEngine.onTick), and answers how long the engine took to evaluate it (ms, synchronously: wall
 *   clock, and the CPU time this process used meanwhile).
 */
import { parseDecimal } from '../../common/amount'
import { startEngineRole } from '../../server/cluster/engine-role'
import { openDatabase } from '../../server/db/client'
import { RiskEngine } from '../../server/trading/contract/engine'
import { marksFor } from '../../server/trading/contract/marks'
import { fakeMarket } from '../helpers/server-fake-market'
import { serveRpc } from './child-rpc'

/** The market every position of the bench is on (cluster-risk.ts sets it). */
const RISK_SYMBOL = process.env.RISK_SYMBOL ?? 'btcusdt'

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL })
const market = fakeMarket({ source: 'sim' })
const role = await startEngineRole({ db: database.db, market, intervalMs: Number(process.env.ROUND_MS ?? 250) })
const engine = role.contracts
if (!(engine instanceof RiskEngine)) throw new Error('the engine role runs no RiskEngine')
// A first book and trade make the mark every later tick is a copy of (with the price changed).
const ts = Date.now()
market.emit({
  type: 'book',
  symbol: RISK_SYMBOL,
  ts,
  tick: { bids: [[59_999, 1]], asks: [[60_001, 1]], version: 1, ts },
})
market.emit({
  type: 'trades',
  symbol: RISK_SYMBOL,
  ts,
  trades: [{ id: 1, ts, tradeId: 1, amount: 1, price: 60_000, direction: 'buy' }],
})
const base = marksFor(market).mark(RISK_SYMBOL)
if (!base) throw new Error(`no mark of ${RISK_SYMBOL}`)

serveRpc({
  state: async () => {
    const idle = await Promise.race([
      engine.idle().then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 50)),
    ])
    return { held: role.partitions.held().size, accounts: engine.book.size, idle }
  },
  tick: ({ price }: { price: string }) => {
    const mark = { ...base, price: parseDecimal(price), ts: Date.now() }
    const cpu0 = process.cpuUsage()
    const t0 = performance.now()
    engine.onTick(mark)
    const ms = performance.now() - t0
    const cpu = process.cpuUsage(cpu0)
    return { ms, cpuMs: (cpu.user + cpu.system) / 1000, accounts: engine.book.size, dropped: engine.stats().dropped }
  },
  stop: async () => {
    await role.stop()
    await database.close()
  },
})
