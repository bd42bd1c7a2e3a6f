/**
 * `npm run bench -- custody` (issue 23 part 7), on real PostgreSQL:
 * - **Chain watcher blocks/s**: 10,000 user deposit addresses on the network (`chain_addresses`), and blocks of the
 *   local Hardhat chain each holding 1,000 USDT-ERC20 transfers to 1,000 of them (signed by the funded dev accounts,
 *   mined together: the block gas limit raised to fit). The watcher (`pollOnce`, as the jobs role runs it) processes
 *   them — the logs and the block read, owners matched, 1,000 deposits credited through the ledger in the block's own
 *   transaction. Baseline, same run: reading the same blocks and logs from the node alone (what no watcher can skip).
 *   Target ≥ 1 block/s (Ethereum makes one every 12 s). Median of RUNS rounds of BLOCKS blocks.
 * - **Proof of liabilities for 100,000 users**: `publishProof` over 100,000 users with USDT and BTC balances (the
 *   Merkle-sum tree, the leaves stored). Target ≤ 60 s. Median of RUNS.
 */
import { sql } from 'drizzle-orm'
import { createPublicClient, createTestClient, encodeFunctionData, erc20Abi, http, parseUnits, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'
import { pollOnce } from '../../server/custody/chain-watcher'
import { publishProof } from '../../server/custody/proof'
import { startDevChain } from '../../server/custody/dev-chain'
import { evmCustody } from '../../server/custody/evm-custody'
import { DEV_MNEMONIC, xpubOfMnemonic } from '../../server/custody/evm-keys'
import { openDatabase, type Database } from '../../server/db/client'
import { seedDatabase } from '../../server/db/seed'
import { freePort } from '../helpers/app-server'
import { createPgTestDatabase, PG_ADMIN_URL } from '../helpers/server-db'
import { medianOf } from './stats'
import type { BenchResult } from './types'

const ADDRESSES = 10_000
const TRANSFERS_PER_BLOCK = 1_000
const BLOCKS = 3
const RUNS = 3
const PROOF_USERS = 100_000
const BLOCKS_TARGET = 1
const PROOF_TARGET_S = 60

/** Runs both rows; skipped (named) when PostgreSQL is unreachable. */
export async function runCustodyBench(): Promise<BenchResult[]> {
  const names = [
    'chain watcher blocks/s (10,000 addresses, 1,000 transfers/block)',
    'proof of liabilities, 100,000 users',
  ]
  const created = await createPgTestDatabase()
  if ('unavailable' in created) {
    const note = `SKIPPED: PostgreSQL unreachable at ${PG_ADMIN_URL}: ${created.unavailable}`
    return names.map((name) => ({ name, value: 0, unit: '', target: '', pass: false, skipped: true, note }))
  }
  const database = await openDatabase({ databaseUrl: created.url })
  try {
    await seedDatabase(database.db)
    return [await watcherRow(database, names[0]!), await proofRow(database, names[1]!)]
  } finally {
    await database.close()
    await created.drop()
  }
}

/** `n` users from id `from` (e-mail and invite code only), by one statement. */
async function insertUsers(database: Database, from: number, n: number): Promise<void> {
  await database.db.execute(sql`
    insert into users (id, email, invite_code)
    select i, 'bench' || i || '@custody.test', 'B' || i from generate_series(${from}::int, ${from + n - 1}::int) as i`)
  await database.db.execute(sql`select setval('users_id_seq', (select max(id) from users))`)
}

async function watcherRow(database: Database, name: string): Promise<BenchResult> {
  const chain = await startDevChain({ port: await freePort() })
  try {
    const reader = createPublicClient({ transport: http(chain.rpcUrl, { batch: { batchSize: 100 } }) })
    const test = createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(chain.rpcUrl) })
    await test.setBlockGasLimit({ gasLimit: 120_000_000n })
    const custody = await evmCustody({
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      xpub: await xpubOfMnemonic(DEV_MNEMONIC),
      usdt: chain.usdt,
      startBlock: Number(await reader.getBlockNumber({ cacheTime: 0 })) + 1,
    })
    // 10,000 users with an address each (random ones: the watcher matches by the stored address).
    await insertUsers(database, 1_000_000, ADDRESSES)
    const addresses: Hex[] = []
    for (let i = 0; i < ADDRESSES; i++) {
      const bytes = crypto.getRandomValues(new Uint8Array(20))
      addresses.push(`0x${Buffer.from(bytes).toString('hex')}`)
    }
    for (let i = 0; i < ADDRESSES; i += 1000) {
      const rows = addresses
        .slice(i, i + 1000)
        .map((a, k) => sql`(${1_000_000 + i + k}, ${custody.network}, ${a}, ${1000 + i + k})`)
      await database.db.execute(
        sql`insert into chain_addresses (user_id, network, address, key_index) values ${sql.join(rows, sql`, `)}`,
      )
    }
    const deps = { db: database.db, client: reader, custody }
    await pollOnce(deps) // the cursor at the head
    const senders = Array.from({ length: 9 }, (_, i) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex: i + 1 }))
    const nonces = await Promise.all(senders.map((a) => reader.getTransactionCount({ address: a.address })))
    const fees = await reader.estimateFeesPerGas()
    await test.setAutomine(false)
    const watcherMs: number[] = []
    const nodeMs: number[] = []
    let credited = 0
    try {
      for (let run = 0; run < RUNS; run++) {
        const first = Number(await reader.getBlockNumber({ cacheTime: 0 })) + 1
        for (let b = 0; b < BLOCKS; b++) {
          const raws: Hex[] = []
          for (let k = 0; k < TRANSFERS_PER_BLOCK; k++) {
            const s = k % senders.length
            const to = addresses[(run * BLOCKS * TRANSFERS_PER_BLOCK + b * TRANSFERS_PER_BLOCK + k) % ADDRESSES]!
            raws.push(
              await senders[s]!.signTransaction({
                type: 'eip1559',
                chainId: chain.chainId,
                nonce: nonces[s]!++,
                to: chain.usdt.address,
                data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits('2', 6)] }),
                gas: 80_000n,
                maxFeePerGas: fees.maxFeePerGas * 4n,
                maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
              }),
            )
          }
          await Promise.all(raws.map((raw) => reader.sendRawTransaction({ serializedTransaction: raw })))
          await test.mine({ blocks: 1 })
        }
        const last = first + BLOCKS - 1
        const count = await reader.getBlockTransactionCount({ blockNumber: BigInt(last) })
        if (count !== TRANSFERS_PER_BLOCK)
          throw new Error(`block ${last} holds ${count} transfers, not ${TRANSFERS_PER_BLOCK}`)
        // Baseline: the node's side of the same blocks (block with its transactions, its logs).
        let t0 = performance.now()
        for (let n = first; n <= last; n++) {
          const block = await reader.getBlock({ blockNumber: BigInt(n), includeTransactions: true })
          await reader.getLogs({ blockHash: block.hash, address: chain.usdt.address })
        }
        nodeMs.push(performance.now() - t0)
        t0 = performance.now()
        let processed = first - 1
        while (processed < last) {
          const r = await pollOnce(deps)
          credited += r.credited
          processed = r.processed
        }
        watcherMs.push(performance.now() - t0)
      }
    } finally {
      await test.setAutomine(true)
    }
    if (credited !== RUNS * BLOCKS * TRANSFERS_PER_BLOCK) {
      throw new Error(`${credited} deposits credited, ${RUNS * BLOCKS * TRANSFERS_PER_BLOCK} expected`)
    }
    const watcher = medianOf(watcherMs)
    const node = medianOf(nodeMs)
    const perSecond = Math.round((BLOCKS / (watcher / 1000)) * 100) / 100
    return {
      name,
      value: perSecond,
      unit: 'blocks/s',
      target: `≥ ${BLOCKS_TARGET}/s`,
      pass: perSecond >= BLOCKS_TARGET,
      note: `median of ${RUNS} rounds of ${BLOCKS} blocks × ${TRANSFERS_PER_BLOCK} USDT transfers (${Math.round(watcher)} ms a round; ${Math.round((TRANSFERS_PER_BLOCK * BLOCKS) / (watcher / 1000))} deposits credited/s); reading the same blocks and logs from the node alone: ${Math.round(node)} ms, so the watcher takes ${(watcher / node).toFixed(1)}× that`,
    }
  } finally {
    await chain.stop()
  }
}

async function proofRow(database: Database, name: string): Promise<BenchResult> {
  await insertUsers(database, 2_000_000, PROOF_USERS)
  await database.db.execute(sql`
    insert into ledger_accounts (owner, user_id, book, wallet, currency, available, frozen)
    select 'user:' || i, i, 'live', 'spot', c, round((random() * 10000)::numeric, 6), 0
    from generate_series(2000000, ${2_000_000 + PROOF_USERS - 1}::int) as i, (values ('USDT'), ('BTC')) as t(c)`)
  const seconds: number[] = []
  let leaves = 0
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now()
    const p = await publishProof(database.db)
    seconds.push((performance.now() - t0) / 1000)
    leaves = p.leafCount
  }
  const s = Math.round(medianOf(seconds) * 10) / 10
  return {
    name,
    value: s,
    unit: 's',
    target: `≤ ${PROOF_TARGET_S} s`,
    pass: s <= PROOF_TARGET_S,
    note: `publishProof, median of ${RUNS}: ${leaves} leaves (users with a balance, of these and the other row's), 2 currencies each; runs ${seconds.map((x) => x.toFixed(1)).join(', ')} s`,
  }
}
