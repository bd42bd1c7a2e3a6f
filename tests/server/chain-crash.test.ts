/**
 * kill -9 of the chain watcher mid-stream, then two watchers on the same PostgreSQL database (issue 23 part 7): 100
 * USDT transfers to 5 users' deposit addresses, one per block, are on the chain before a watcher process starts; it
 * gets SIGKILL once some are credited and not all (asserted: the kill landed mid-way). Two new watcher processes then
 * finish the job. In the end every transfer is one deposit, credited by exactly one ledger posting; each user's spot
 * wallet holds exactly what reached their address; the ledger check holds.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { and, count, eq, sql } from 'drizzle-orm'
import { createPublicClient, createWalletClient, http, parseUnits, type Address, type PublicClient } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parseDecimal } from '../../common/amount'
import { startDevChain, type DevChain } from '../../server/custody/dev-chain'
import { evmCustody, userDepositAddress } from '../../server/custody/evm-custody'
import { DEV_MNEMONIC, xpubOfMnemonic } from '../../server/custody/evm-keys'
import type { Database } from '../../server/db/client'
import { deposits, ledgerAccounts, ledgerTransactions } from '../../server/db/schema'
import { checkLedger } from '../../server/ledger/check'
import { freePort } from '../helpers/app-server'
import { databaseUrlOf, describePostgres } from '../helpers/server-db'
import { makeUsers, type TestUser } from '../helpers/server-users'

const TRANSFERS = 100
const USERS = 5

await describePostgres('chain watcher killed', (open) => {
  let chain: DevChain
  let database: Database
  let users: TestUser[]
  const children: ChildProcess[] = []
  let env: Record<string, string>

  /** Starts a watcher process; resolves once it says it runs. */
  function watcher(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve('tests/helpers/chain-watcher-child.ts')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    children.push(child)
    return new Promise((done, fail) => {
      let out = ''
      child.stdout.on('data', (b: Buffer) => {
        out += b.toString()
        if (out.includes('ready\n')) done(child)
      })
      child.once('exit', (code) => fail(new Error(`watcher exited ${code}: ${out}`)))
    })
  }
  const credited = async () =>
    (
      await database.db
        .select({ n: count() })
        .from(deposits)
        .where(and(eq(deposits.source, 'chain'), sql`${deposits.status} in ('credited', 'withdrawable')`))
    )[0]!.n
  async function until(check: () => Promise<boolean>, what: string, ms = 60_000) {
    const deadline = Date.now() + ms
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
      await new Promise((r) => setTimeout(r, 10))
    }
  }

  beforeAll(async () => {
    chain = await startDevChain({ port: await freePort() })
    database = await open()
    users = await makeUsers(database.db, USERS)
    const reader = createPublicClient({ chain: hardhat, transport: http(chain.rpcUrl) }) as PublicClient
    const custody = await evmCustody({
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      xpub: await xpubOfMnemonic(DEV_MNEMONIC),
      usdt: chain.usdt,
      startBlock: 0,
    })
    const addresses = await Promise.all(users.map((u) => userDepositAddress(database.db, custody, u.id)))
    const wallet = createWalletClient({ chain: hardhat, transport: http(chain.rpcUrl) })
    const from = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 1 })
    for (let i = 0; i < TRANSFERS; i++) {
      const to: Address = addresses[i % USERS]!
      const data = `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${parseUnits(String(i + 1), 6)
        .toString(16)
        .padStart(64, '0')}` as const
      await wallet.sendTransaction({ account: from, to: chain.usdt.address, data })
    }
    expect(Number(await reader.getBlockNumber({ cacheTime: 0 }))).toBeGreaterThanOrEqual(TRANSFERS)
    env = {
      DATABASE_URL: await databaseUrlOf(database),
      RPC_URL: chain.rpcUrl,
      USDT: chain.usdt.address,
      NETWORK: custody.network,
      START_BLOCK: '0',
    }
  }, 180_000)
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL')
    await database?.close()
    await chain?.stop()
  })

  it('credits each transfer exactly once after a kill -9 mid-stream and two watchers after it', async () => {
    const first = await watcher()
    await until(async () => (await credited()) >= 5, 'the first credits')
    first.kill('SIGKILL')
    await new Promise((r) => first.once('exit', r))
    const atKill = await credited()
    expect(atKill, 'the kill landed after some credits').toBeGreaterThan(0)
    expect(atKill, 'the kill landed before the last credit').toBeLessThan(TRANSFERS)

    await Promise.all([watcher(), watcher()])
    await until(async () => (await credited()) === TRANSFERS, 'every transfer credited')
    const [rows] = await database.db
      .select({ n: count(), distinct: sql<number>`count(distinct ${deposits.txHashKey})::int` })
      .from(deposits)
      .where(eq(deposits.source, 'chain'))
    expect(rows).toEqual({ n: TRANSFERS, distinct: TRANSFERS })
    const [postings] = await database.db
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'deposit'))
    expect(postings!.n).toBe(TRANSFERS)
    // User k received transfers k+1, k+1+USERS, … (i + 1 USDT each).
    for (const [k, u] of users.entries()) {
      let sum = 0
      for (let i = k; i < TRANSFERS; i += USERS) sum += i + 1
      const [spot] = await database.db
        .select({ available: ledgerAccounts.available })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.userId, u.id), eq(ledgerAccounts.wallet, 'spot')))
      expect(parseDecimal(spot!.available), `user ${u.id}`).toBe(parseDecimal(String(sum)))
    }
    expect(await checkLedger(database.db)).toMatchObject({ ok: true, mismatches: [], frozen_mismatches: [] })
  }, 240_000)
})
