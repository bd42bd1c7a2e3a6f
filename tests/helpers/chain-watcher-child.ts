/**
 * A chain watcher as its own process, for the kill -9 test (tests/server/chain-crash.test.ts): on the PostgreSQL
 * database `DATABASE_URL`, following the dev chain at `RPC_URL` (USDT at `USDT`) as network `NETWORK`, polling every
 * 20 ms. Prints `ready` once it runs; runs until killed.
 */
import { createPublicClient, http, type Address, type PublicClient } from 'viem'
import { startChainWatcher } from '../../server/custody/watch-loop'
import { evmCustody } from '../../server/custody/evm-custody'
import { DEV_MNEMONIC, xpubOfMnemonic } from '../../server/custody/evm-keys'
import { openDatabase } from '../../server/db/client'

const env = (name: string) => {
  const v = process.env[name]
  if (!v) throw new Error(`${name} is required`)
  return v
}
const database = await openDatabase({ databaseUrl: env('DATABASE_URL') })
const client = createPublicClient({ transport: http(env('RPC_URL')) }) as PublicClient
const custody = await evmCustody({
  chainId: await client.getChainId(),
  rpcUrl: env('RPC_URL'),
  xpub: await xpubOfMnemonic(DEV_MNEMONIC),
  usdt: { address: env('USDT') as Address, decimals: 6 },
  startBlock: Number(env('START_BLOCK')),
})
custody.network = env('NETWORK')
startChainWatcher({ db: database.db, client, custody, pollMs: 20, log: (l) => process.stdout.write(`${l}\n`) })
process.stdout.write('ready\n')
