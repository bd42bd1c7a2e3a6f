/**
 * Sweeping (server/custody/sweeper.ts, issue 23 part 4) on the local Hardhat chain and real PostgreSQL: Alice's
 * deposit address holds 100 USDT and 0.5 ETH, Bob's 40 USDT and no ETH. The signer sweeps Alice's USDT with her own
 * ETH as gas, then her ETH to the last wei; it sends Bob's address the gas his USDT sweep needs, which is never
 * credited to Bob (the exploit: a top-up counted as his deposit, withdrawable), then sweeps his USDT and what is left
 * of the gas. Two signers at once sign one transaction per address; an address with a deposit not yet withdrawable
 * is left alone until it is; a sweep priced out by a rising base fee is replaced at its nonce with higher fees and one
 * of the two is mined (one priced at the market is left alone). The operator's report lists what is not yet swept.
 *
 * After every step, the economic invariant of sweeping: users' balances (every currency, available and frozen) and
 * their chain deposits are exactly as the deposits left them; the ledger checks; on chain, USDT held by the hot
 * wallet and the deposit addresses together is unchanged, and ETH together went down by exactly the gas of the
 * sweeper's mined transactions (a sweep only moves the venue's coins and pays gas).
 */
import { and, eq, sql } from 'drizzle-orm'
import {
  createTestClient,
  createWalletClient,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DepositAddress } from '../../common/api/assets'
import { pollOnce, type ChainWatcherDeps } from '../../server/custody/chain-watcher'
import { runAdmin } from '../../server/cli/admin-commands'
import { custodyReport } from '../../server/custody/custody-report'
import { readChainBalances } from '../../server/custody/reserves'
import type { DevChain } from '../../server/custody/dev-chain'
import type { EvmCustody } from '../../server/custody/evm-custody'
import { DEV_MNEMONIC } from '../../server/custody/evm-keys'
import { depositKeyring, signerAccount } from '../../server/custody/signer-key'
import { sweepRound, type SweepRound, type SweeperDeps } from '../../server/custody/sweeper'
import type { Database } from '../../server/db/client'
import { chainAddresses, chains, deposits, ledgerAccounts, sweepTxs } from '../../server/db/schema'
import { checkLedger } from '../../server/ledger/check'
import { openDevCustody } from '../helpers/dev-custody'
import { moneyCall } from '../helpers/money-calls'
import { testApp, type TestApp } from '../helpers/server-app'
import { describePostgres } from '../helpers/server-db'
import { makeUser, type TestUser } from '../helpers/server-users'

await describePostgres('sweeper', (open) => {
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
  const usdtOf = (address: Address) =>
    reader.readContract({ address: chain.usdt.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
  const users: Record<'alice' | 'bob', { user: TestUser; address: Address }> = {} as never
  let start: { usdt: bigint; eth: bigint }
  let balancesAfterDeposits: unknown
  let depositsAfterDeposits: unknown

  const round = (over: Partial<SweeperDeps> = {}) => sweepRound({ ...deps, ...over })
  const addresses = () => [hot, users.alice.address, users.bob.address]
  async function onChainTotals() {
    let usdt = 0n
    let eth = 0n
    for (const a of addresses()) {
      usdt += await usdtOf(a)
      eth += await reader.getBalance({ address: a })
    }
    return { usdt, eth }
  }
  const userBalances = () =>
    database.db
      .select({
        userId: ledgerAccounts.userId,
        currency: ledgerAccounts.currency,
        available: ledgerAccounts.available,
        frozen: ledgerAccounts.frozen,
      })
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.userId} is not null`)
      .orderBy(ledgerAccounts.userId, ledgerAccounts.currency, ledgerAccounts.wallet)
  const chainDeposits = () =>
    database.db
      .select({ id: deposits.id, userId: deposits.userId, amount: deposits.amount, status: deposits.status })
      .from(deposits)
      .where(eq(deposits.source, 'chain'))
      .orderBy(deposits.id)

  /** `npm run admin -- custody` as a server watching the chain runs it: its lines. */
  async function custodyLines(): Promise<string[]> {
    const out: string[] = []
    const io = { out: (l: string) => void out.push(l), err: (l: string) => void out.push(l) }
    expect(
      await runAdmin(database.db, ['custody'], { ...io, chain: () => readChainBalances(database.db, reader, custody) }),
    ).toBe(0)
    return out
  }

  /** Gas (wei) of every sweeper transaction mined so far. */
  async function sweeperGas(): Promise<bigint> {
    let gas = 0n
    for (const r of await database.db.select({ hash: sweepTxs.txHash }).from(sweepTxs)) {
      const receipt = await reader.getTransactionReceipt({ hash: r.hash as Hex }).catch(() => null)
      if (receipt) gas += receipt.gasUsed * receipt.effectiveGasPrice
    }
    return gas
  }

  /** The economic invariant of sweeping (header). */
  async function expectSweepInvariant(step: string) {
    await pollOnce(watcher)
    expect(await userBalances(), `users' balances, ${step}`).toEqual(balancesAfterDeposits)
    expect(await chainDeposits(), `chain deposits, ${step}`).toEqual(depositsAfterDeposits)
    const now = await onChainTotals()
    expect(now.usdt, `USDT held by the venue's addresses, ${step}`).toBe(start.usdt)
    expect(start.eth - now.eth, `ETH of the venue's addresses down by the sweeper's gas, ${step}`).toBe(
      await sweeperGas(),
    )
    expect(await checkLedger(database.db), `ledger check ${step}`).toMatchObject({ ok: true, mismatches: [] })
  }

  /** Rounds and blocks until a round does nothing with nothing in flight; each round's work, the invariant checked after each. */
  async function sweepToTheEnd(): Promise<SweepRound[]> {
    const rounds: SweepRound[] = []
    for (let i = 0; i < 40; i++) {
      const r = await round()
      rounds.push(r)
      await expectSweepInvariant(`round ${i}`)
      const inFlight = await database.db.select().from(sweepTxs).where(eq(sweepTxs.status, 'sent'))
      if (Object.values(r).every((n) => n === 0) && inFlight.length === 0) return rounds
      await chain.mine(1)
    }
    throw new Error(`sweeping did not end: ${JSON.stringify(rounds.at(-1))}`)
  }

  async function depositTo(to: Address, usdt: string, eth?: string) {
    await wallet().writeContract({
      account: funder,
      chain: hardhat,
      address: chain.usdt.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, parseUnits(usdt, 6)],
    })
    if (eth) await wallet().sendTransaction({ account: funder, chain: hardhat, to, value: parseEther(eth) })
  }

  beforeAll(async () => {
    let xpub: string
    ;({ chain, reader, custody, xpub } = await openDevCustody())
    database = await open()
    t = await testApp({ db: database.db, custody })
    // Any ETH counts as a deposit here, so a gas top-up would be credited if the watcher took it for one.
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
    for (const name of ['alice', 'bob'] as const) {
      const user = await makeUser(database.db)
      const { address } = (
        await moneyCall<DepositAddress>(t.app, user.token, 'GET', 'assets/deposit_address', {
          currency: 'USDT',
          chain: 'ERC20',
        })
      ).body.data
      users[name] = { user, address: address as Address }
    }
    await depositTo(users.alice.address, '100', '0.5')
    await depositTo(users.bob.address, '40')
    await pollOnce(watcher)
    await chain.mine(6)
    await pollOnce(watcher)
    balancesAfterDeposits = await userBalances()
    depositsAfterDeposits = await chainDeposits()
    expect((depositsAfterDeposits as { status: string }[]).map((d) => d.status)).toEqual([
      'withdrawable',
      'withdrawable',
      'withdrawable',
    ])
    start = await onChainTotals()
  }, 180_000)
  afterAll(async () => {
    if (process.env.SWEEP_LOG) console.log(lines.join('\n'))
    await t?.app.close()
    await database?.close()
    await chain?.stop()
  })

  it("sweeps both addresses to the hot wallet, paying Bob's gas without crediting it to him", async () => {
    const hotBefore = { usdt: await usdtOf(hot), eth: await reader.getBalance({ address: hot }) }
    expect(await custodyLines()).toContain('  not yet swept: 0.5 ETH, 140 USDT on 2 of 2 deposit addresses')
    const first = await round()
    // Alice's USDT goes at once (her ETH pays the gas); Bob's address is sent the gas first.
    expect(first).toMatchObject({ swept: 1, gas: 1 })
    const [gas] = await database.db.select().from(sweepTxs).where(eq(sweepTxs.purpose, 'gas'))
    expect(gas).toMatchObject({ address: users.bob.address.toLowerCase(), fromAddress: hot.toLowerCase() })
    await chain.mine(1)
    await expectSweepInvariant('gas top-up mined')
    // The watcher saw ETH arrive at Bob's address and did not credit it.
    expect(await reader.getBalance({ address: users.bob.address })).toBeGreaterThan(0n)
    await sweepToTheEnd()
    // Everything moved: Alice's address is empty to the wei (the legacy sweep's fee is exact), Bob's keeps dust.
    expect(await usdtOf(users.alice.address)).toBe(0n)
    expect(await reader.getBalance({ address: users.alice.address })).toBe(0n)
    expect(await usdtOf(users.bob.address)).toBe(0n)
    expect(await usdtOf(hot)).toBe(hotBefore.usdt + parseUnits('140', 6))
    const txs = await database.db.select().from(sweepTxs).orderBy(sweepTxs.id)
    expect(txs.every((x) => x.status === 'mined')).toBe(true)
    expect(
      txs
        .filter((x) => x.purpose === 'sweep')
        .map((x) => `${x.address === users.alice.address.toLowerCase() ? 'alice' : 'bob'} ${x.currency}`)
        .sort(),
    ).toEqual(expect.arrayContaining(['alice ETH', 'alice USDT', 'bob USDT']))
    const marks = await database.db.select({ through: chainAddresses.sweptThrough }).from(chainAddresses)
    expect(marks.every((m) => m.through > 0)).toBe(true)
    const lines = await custodyLines()
    expect(lines).toContain('  not yet swept: 0 ETH, 0 USDT on 0 of 2 deposit addresses')
    expect(lines.some((l) => /^ {2}evm:\S+ sweep USDT {2}mined +2 {2}140$/.test(l))).toBe(true)
    expect(lines.some((l) => l.startsWith(`  hot wallet ${hot.toLowerCase()}: `))).toBe(true)
    const report = await custodyReport(database.db)
    expect(report.sweeps).toEqual(
      expect.arrayContaining([expect.objectContaining({ currency: 'USDT', state: 'mined', amount: '140' })]),
    )
  })

  it('sweeps a new deposit once it is withdrawable, one transaction per address from two signers at once', async () => {
    await depositTo(users.alice.address, '10')
    await pollOnce(watcher)
    await chain.mine(5)
    await pollOnce(watcher)
    // A second deposit, credited, not yet withdrawable: a reorganization could still take it away with a sweep
    // spending it, so the address waits (its withdrawable 10 USDT too).
    await depositTo(users.alice.address, '5')
    await pollOnce(watcher)
    expect((await chainDeposits()).map((d) => d.status).slice(-2)).toEqual(['withdrawable', 'credited'])
    const young = await round()
    expect(young.swept + young.gas).toBe(0)
    await chain.mine(5)
    await pollOnce(watcher)
    balancesAfterDeposits = await userBalances()
    depositsAfterDeposits = await chainDeposits()
    start = await onChainTotals()
    start.eth += await sweeperGas()
    // Signer B read the addresses to sweep before A signed, and reads the balances after A committed.
    const inFlight = () => database.db.select().from(sweepTxs).where(eq(sweepTxs.status, 'sent'))
    const late = {
      ...reader,
      getBalance: async (args: Parameters<PublicClient['getBalance']>[0]) => {
        for (let i = 0; i < 500 && (await inFlight()).length === 0; i++) await new Promise((r) => setImmediate(r))
        return reader.getBalance(args)
      },
    }
    const [a, b] = await Promise.all([round(), round({ client: late })])
    expect(a.swept + b.swept + a.gas + b.gas).toBe(1)
    expect(await inFlight()).toHaveLength(1)
    await chain.mine(1)
    await expectSweepInvariant('second sweep mined')
    await sweepToTheEnd()
    expect(await usdtOf(users.alice.address)).toBe(0n)
  })

  it('replaces a sweep the market priced out at its nonce with higher fees; one of them is mined', async () => {
    await depositTo(users.bob.address, '7', '0.002')
    await pollOnce(watcher)
    await chain.mine(5)
    await pollOnce(watcher)
    balancesAfterDeposits = await userBalances()
    depositsAfterDeposits = await chainDeposits()
    start = await onChainTotals()
    start.eth += await sweeperGas()
    const testClient = createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(chain.rpcUrl) })
    await testClient.setAutomine(false)
    try {
      expect((await round()).swept).toBe(1)
      const later = () => Date.now() + 120_000
      // Priced at the market, it is left alone however long it waits; priced out by a rising base fee, replaced.
      expect((await round({ now: later })).replaced).toBe(0)
      const [stuck] = await database.db.select().from(sweepTxs).where(eq(sweepTxs.status, 'sent'))
      await testClient.setNextBlockBaseFeePerGas({ baseFeePerGas: BigInt(stuck!.maxFeePerGas) * 2n })
      await testClient.mine({ blocks: 1 })
      expect((await round({ now: later })).replaced).toBe(1)
      const txs = await database.db.select().from(sweepTxs).where(eq(sweepTxs.status, 'sent')).orderBy(sweepTxs.id)
      expect(txs).toHaveLength(2)
      expect(txs[1]!.nonce).toBe(txs[0]!.nonce)
      expect(BigInt(txs[1]!.maxFeePerGas) * 1000n).toBeGreaterThanOrEqual(BigInt(txs[0]!.maxFeePerGas) * 1125n)
      await testClient.mine({ blocks: 1 })
    } finally {
      await testClient.setAutomine(true)
    }
    await expectSweepInvariant('replacement mined')
    await sweepToTheEnd()
    const statuses = (await database.db.select({ status: sweepTxs.status }).from(sweepTxs)).map((r) => r.status)
    expect(statuses.filter((x) => x === 'dropped')).toHaveLength(1)
    expect(await usdtOf(users.bob.address)).toBe(0n)
    expect(await reader.getBalance({ address: users.bob.address })).toBe(0n)
  })
})
