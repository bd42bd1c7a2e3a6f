/**
 * Attacks on sweeping (server/custody/sweeper.ts, sweep-txs.ts), on the local Hardhat chain and real PostgreSQL, set
 * up as tests/server/sweeper.test.ts, written by a reviewing helper: each failed on the sweeper as first landed
 * (eda8671), with the output quoted below, and holds since.
 * 1. A sweep left unmined (a node that does not propagate, a stalled chain) is replaced every REPLACE_AFTER_MS with
 *    fees × 1.125 over the last replacement, without bound: an ETH sweep pays its fee out of the deposit, so after
 *    about an hour the deposit goes to the block producer instead of the hot wallet ("gas paid to sweep Carol's 0.01
 *    ETH after 48 replacements: 9359495889765000 wei (market fee 32804345658000 wei)"). Now replaced only when the
 *    market's fee rose above it.
 * 2. The sweeper reads balances at `latest`, so it sweeps a deposit the watcher has not processed yet (1
 *    confirmation); a reorganization that drops that deposit leaves an ETH sweep that no node accepts any more
 *    ("insufficient funds"), rebroadcast every round and never replaced: the address is never swept again (an ETH
 *    sweep of 1.009972513008125000 still in flight after 20 rounds). Now balances are read at the withdrawable depth,
 *    and a sweep the node refuses is signed again from what the address holds, or dropped.
 * 3. Held addresses (3 reverted sweeps) stay candidates forever and fill the round's 50 slots, oldest first: with
 *    50 of them no other address is swept (Erin's 0.5 ETH: no sweep in 10 rounds). Now left out before the LIMIT.
 */
import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { createTestClient, createWalletClient, http, parseEther, type Address, type Hex, type PublicClient } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DepositAddress } from '../../common/api/assets'
import { pollOnce, type ChainWatcherDeps } from '../../server/custody/chain-watcher'
import type { DevChain } from '../../server/custody/dev-chain'
import type { EvmCustody } from '../../server/custody/evm-custody'
import { DEV_MNEMONIC } from '../../server/custody/evm-keys'
import { depositKeyring, signerAccount } from '../../server/custody/signer-key'
import { sweepRound, type SweeperDeps } from '../../server/custody/sweeper'
import type { Database } from '../../server/db/client'
import { chainAddresses, chains, deposits, sweepTxs } from '../../server/db/schema'
import { txHashKey } from '../../server/money/tx-hash'
import { openDevCustody } from '../helpers/dev-custody'
import { moneyCall } from '../helpers/money-calls'
import { testApp, type TestApp } from '../helpers/server-app'
import { describePostgres } from '../helpers/server-db'
import { makeUser, makeUsers } from '../helpers/server-users'

await describePostgres('sweeper attacks', (open) => {
  let chain: DevChain
  let reader: PublicClient
  let database: Database
  let t: TestApp
  let custody: EvmCustody
  let deps: SweeperDeps
  let watcher: ChainWatcherDeps
  const lines: string[] = []
  const hot = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 0 }).address
  const funder = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 1 })
  const wallet = () => createWalletClient({ chain: hardhat, transport: http(chain.rpcUrl) })
  const testClient = () => createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(chain.rpcUrl) })
  const round = (over: Partial<SweeperDeps> = {}) => sweepRound({ ...deps, ...over })
  const rowsOf = (address: Address) =>
    database.db.select().from(sweepTxs).where(eq(sweepTxs.address, address.toLowerCase())).orderBy(sweepTxs.id)

  /** A new user's deposit address. */
  async function depositor(): Promise<Address> {
    const user = await makeUser(database.db)
    const { address } = (
      await moneyCall<DepositAddress>(t.app, user.token, 'GET', 'assets/deposit_address', {
        currency: 'ETH',
        chain: 'ETH',
      })
    ).body.data
    return address as Address
  }

  /** `eth` sent to `to` and made withdrawable (6 confirmations, seen by the watcher). */
  async function withdrawableEth(to: Address, eth: string) {
    await wallet().sendTransaction({ account: funder, chain: hardhat, to, value: parseEther(eth) })
    await pollOnce(watcher)
    await chain.mine(6)
    await pollOnce(watcher)
    const [d] = await database.db
      .select({ status: deposits.status })
      .from(deposits)
      .where(eq(deposits.toAddress, to))
      .orderBy(deposits.id)
    expect(d?.status).toBe('withdrawable')
  }

  beforeAll(async () => {
    let xpub: string
    ;({ chain, reader, custody, xpub } = await openDevCustody())
    database = await open()
    t = await testApp({ db: database.db, custody })
    await database.db
      .update(chains)
      .set({ minDeposit: '0.000000000000000001' })
      .where(and(eq(chains.currency, 'ETH'), eq(chains.chain, 'ETH')))
    watcher = { db: database.db, client: reader, custody, log: (l) => void lines.push(l) }
    deps = {
      db: database.db,
      client: reader,
      custody,
      account: await signerAccount('dev'),
      keys: await depositKeyring('dev', xpub),
      log: (l) => void lines.push(l),
    }
    await pollOnce(watcher)
  }, 180_000)
  afterAll(async () => {
    if (process.env.SWEEP_LOG) console.log(lines.join('\n'))
    await t?.app.close()
    await database?.close()
    await chain?.stop()
  })

  it('pays at most a few times the market fee to sweep ETH, however long the sweep waits unmined', async () => {
    const carol = await depositor()
    await withdrawableEth(carol, '0.01')
    const hotBefore = await reader.getBalance({ address: hot })
    const { gasPrice } = await reader.estimateFeesPerGas({ chain: null, type: 'legacy' })
    const market = 21_000n * gasPrice
    await testClient().setAutomine(false)
    let replaced = 0
    try {
      expect((await round()).swept).toBe(1)
      // The node keeps the sweep but nothing mines it for 80 minutes: a round a minute replaces it.
      for (let i = 1; i <= 80; i++) replaced += (await round({ now: () => Date.now() + i * 60_000 + 60_000 })).replaced
      await testClient().mine({ blocks: 1 })
    } finally {
      await testClient().setAutomine(true)
    }
    const mined = []
    for (const r of await rowsOf(carol)) {
      const receipt = await reader.getTransactionReceipt({ hash: r.txHash as Hex }).catch(() => null)
      if (receipt) mined.push(receipt)
    }
    expect(mined).toHaveLength(1)
    const fee = mined[0]!.gasUsed * mined[0]!.effectiveGasPrice
    const received = (await reader.getBalance({ address: hot })) - hotBefore
    expect(
      fee,
      `gas paid to sweep Carol's 0.01 ETH after ${replaced} replacements: ${fee} wei (market fee ${market} wei); the hot wallet received ${received} wei of 10000000000000000`,
    ).toBeLessThanOrEqual(4n * market)
  })

  it('never sweeps a deposit younger than 6 confirmations: a reorganization dropping it leaves the address swept', async () => {
    const dave = await depositor()
    await withdrawableEth(dave, '0.01')
    const before = await chain.snapshot()
    // 1 ETH lands in the next block; the watcher (polling each second) has not processed it when the sweeper runs.
    await wallet().sendTransaction({ account: funder, chain: hardhat, to: dave, value: parseEther('1') })
    expect((await round()).swept).toBe(1)
    const [sweep] = await rowsOf(dave)
    // A reorganization: the block with the 1 ETH (and the sweep after it) leaves the chain; the depositor's other
    // branch spent that ETH elsewhere, so it never arrives. Only the withdrawable 0.01 ETH is on the address.
    await chain.revert(before)
    await chain.mine(1)
    for (let i = 0; i < 20; i++) {
      await pollOnce(watcher)
      await round()
      await chain.mine(1)
    }
    const open = (await rowsOf(dave)).filter((r) => r.status === 'sent')
    const said = lines.filter((l) => l.includes(dave.toLowerCase())).at(-1)
    expect(
      open.map((r) => `${r.amount} ${r.currency} nonce ${r.nonce}`),
      `Dave's first sweep moved ${sweep!.amount} ETH (0.01 withdrawable + 1 at 1 confirmation); after 20 rounds: ${said}`,
    ).toEqual([])
    expect(await reader.getBalance({ address: dave })).toBe(0n)
  })

  it('sweeps a new deposit while 50 addresses are held for an operator', async () => {
    // 50 addresses whose token refused their last 3 sweeps (e.g. frozen by the issuer), from before.
    const held = await makeUsers(database.db, 50)
    const hex = (bytes: number) => `0x${randomBytes(bytes).toString('hex')}`
    for (const [i, u] of held.entries()) {
      const address = hex(20)
      await database.db
        .insert(chainAddresses)
        .values({ userId: u.id, network: custody.network, address, keyIndex: 900_000 + i })
      const txHash = hex(32)
      await database.db.insert(deposits).values({
        userId: u.id,
        currency: 'USDT',
        chain: 'ERC20',
        amount: '5',
        fromAddress: funder.address,
        toAddress: address,
        txHash,
        txHashKey: txHashKey('ERC20', txHash),
        source: 'chain',
        network: custody.network,
        logIndex: 0,
        blockNumber: 1,
        blockHash: hex(32),
        status: 'withdrawable',
      })
      for (let n = 0; n < 3; n++) {
        await database.db.insert(sweepTxs).values({
          network: custody.network,
          address,
          purpose: 'sweep',
          currency: 'USDT',
          amount: '5',
          fromAddress: address,
          toAddress: hot.toLowerCase(),
          nonce: n,
          txHash: hex(32),
          raw: '0x00',
          maxFeePerGas: '1',
          maxPriorityFeePerGas: '1',
          status: 'reverted',
        })
      }
    }
    const erin = await depositor()
    await withdrawableEth(erin, '0.5')
    for (let i = 0; i < 10; i++) {
      await round()
      await chain.mine(1)
    }
    expect(
      (await rowsOf(erin)).map((r) => `${r.purpose} ${r.amount} ${r.currency} ${r.status}`),
      "Erin's withdrawable 0.5 ETH after 10 rounds",
    ).not.toEqual([])
  })
})
