/**
 * Starts the real server once for the whole run (build if stale, API, market gateway, the local EVM chain) on the replayed recordings of
 * ../shared/data/market (crypto klines and forex), or on the sim source when they are absent (locally only: under CI=true that fails,
 * see replay-data.ts). Workers find it through E2E_SERVER (JSON of `E2EServer`); its output is written to
 * tests/e2e/out/server.log when the run ends. Its data directory is kept for `npm test`'s closing ledger check
 * (../helpers/e2e-data-dirs.ts), else removed.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { freePort, startAppServer } from '../helpers/app-server'
import { keepForLedgerCheck, releaseDataDir } from '../helpers/e2e-data-dirs'
import type { E2EServer } from './fixtures'
import { REPLAY_DIR, replayDataPresent } from './replay-data'

export default async function globalSetup(): Promise<() => Promise<void>> {
  const replay = replayDataPresent()
  if (!replay) console.log(`e2e: ${REPLAY_DIR} is absent — running on the sim source; replay tests skip`)
  const chainPort = await freePort()
  const server = await startAppServer({
    // A test venue: live-book orders on the replayed or simulated feed (issue 21 part 7; refused without it), and
    // the local EVM chain its watcher follows (issue 23: ETH and USDT-ERC20 deposits to users' own addresses).
    env: {
      MARKET_SOURCE: replay ? `replay:${REPLAY_DIR}` : 'sim',
      LIVE_TRADING_ON_TEST_FEED: '1',
      EVM_DEV_CHAIN: '1',
      EVM_DEV_CHAIN_PORT: String(chainPort),
    },
  })
  const kept = keepForLedgerCheck(server.dataDir)
  const shared: E2EServer = {
    url: server.url,
    marketPort: server.marketPort,
    dataDir: server.dataDir,
    replay,
    rpcUrl: `http://127.0.0.1:${chainPort}`,
  }
  process.env.E2E_SERVER = JSON.stringify(shared)
  return async () => {
    await server.stop()
    mkdirSync('tests/e2e/out', { recursive: true })
    writeFileSync('tests/e2e/out/server.log', server.output())
    releaseDataDir(server.dataDir, kept)
  }
}
