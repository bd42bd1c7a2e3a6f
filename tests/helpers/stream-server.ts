/**
 * A real server for user-stream tests: launchServer over a fake market whose port is a real gateway on a test hub,
 * with stream intervals short enough for tests; and the `accounts.update` events tests write by hand.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AccountEventData } from '../../common/api/stream'
import { parseConfig } from '../../server/config'
import type { DatabaseOptions } from '../../server/db/client'
import { launchServer, type RunningServer } from '../../server/http/launch'
import { startGateway } from '../../server/market/gateway/server'
import type { MarketOptions, MarketService } from '../../server/market/types'
import { testHub } from './market-hub'
import { fakeMarket } from './server-fake-market'

/** A fake market (listings, no feed) whose port is a real gateway over a test hub. */
export async function gatewayMarket(opts: MarketOptions): Promise<MarketService> {
  const gw = await startGateway({ host: opts.host, port: opts.port, feed: testHub() })
  return {
    ...fakeMarket(),
    port: gw.port,
    attachUserStream: (handler) => gw.attachUserStream(handler),
    close: () => gw.close(),
  }
}

/** Intervals short enough for tests: pings every 200 ms, sessions checked every 300 ms, 2 s to authenticate. */
export async function launchStreamServer(database: DatabaseOptions): Promise<RunningServer> {
  const dir = (p: string) => mkdtempSync(join(tmpdir(), p))
  const config = parseConfig({ HOST: '127.0.0.1', PORT: '0', MARKET_PORT: '0', DATA_DIR: dir('tc-stream-') })
  return launchServer(config, {
    startMarket: gatewayMarket,
    database,
    distDir: dir('tc-nodist-'),
    log: () => {},
    userStream: { pingIntervalMs: 200, revalidateMs: 300, limits: { authTimeoutMs: 2000 } },
  })
}

/** An `accounts.update` event as a test writes it (the ledger writes real ones). */
export function balance(reference: string): { topic: 'accounts'; data: AccountEventData } {
  return {
    topic: 'accounts',
    data: {
      event: 'balance',
      book: 'live',
      wallet: 'spot',
      currency: 'USDT',
      available: '1',
      frozen: '0',
      change_available: '1',
      change_frozen: '0',
      kind: 'test',
      reference,
      transaction_id: 0,
    },
  }
}
