/**
 * Child process of the engine-partition test (tests/server/engine-partitions.test.ts): an engine role on the
 * PostgreSQL database DATABASE_URL with a feed of its own that never speaks, rounds every ROUND_MS. Prints
 * `HELD <n>` each time the number of partitions it holds changes. Exits when its stdin closes (the test process
 * ended), so a child the test did not kill never outlives the run.
 */
import { openDatabase } from '../../server/db/client'
import { startEngineRole } from '../../server/cluster/engine-role'
import { fakeMarket } from './server-fake-market'

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL })
const role = await startEngineRole({
  db: database.db,
  market: fakeMarket({ source: 'replay' }),
  intervalMs: Number(process.env.ROUND_MS ?? 1000),
})
let last = -1
const report = () => {
  const n = role.partitions.held().size
  if (n !== last) process.stdout.write(`HELD ${(last = n)}\n`)
}
report()
setInterval(report, 20)
process.stdin.resume()
process.stdin.on('end', () => process.exit(0))
