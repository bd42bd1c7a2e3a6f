/**
 * The chain watcher (server/custody/chain-watcher.ts, issue 23 parts 2 and 7) on the local Hardhat chain, with PGlite
 * and PostgreSQL: a user's deposit address (the same on every visit, derived from the dev mnemonic's xpub); 100 USDT
 * and 0.5 ETH sent to it → pending at 0 confirmations → credited at 1 (tradable, not withdrawable) → withdrawable at
 * 6; two watchers polling at once credit each transfer once; a watcher restarted resumes where the last stopped; a
 * reorganization (snapshot and revert) reverses a credited deposit exactly, keeps what the user had already moved
 * as a debt (never a negative balance) that the next deposit repays, and credits a transfer re-mined in another block
 * once more.
 *
 * After every step, the economic invariant of deposits, per currency: what `system:deposits` paid out = Σ live chain
 * deposits (credited or withdrawable) + Σ debts of reversed ones (what the venue gave and has not taken back), and
 * the users' addresses on chain hold Σ live chain deposits (nothing swept yet) — so a user gains exactly what reached
 * their address; plus the whole ledger check.
 */
import { and, eq, sql } from 'drizzle-orm'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  formatUnits,
  getAddress,
  http,
  parseEther,
  parseUnits,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { add, parseDecimal } from '../../common/amount'
import type { Deposit, DepositAddress, WithdrawOption } from '../../common/api/assets'
import { pollOnce, type ChainWatcherDeps } from '../../server/custody/chain-watcher'
import { custodyReport } from '../../server/custody/custody-report'
import { publishProof } from '../../server/custody/proof'
import { readReserves } from '../../server/custody/reserves'
import { startDevChain, type DevChain } from '../../server/custody/dev-chain'
import { evmCustody, type EvmCustody } from '../../server/custody/evm-custody'
import { DEV_MNEMONIC, xpubOfMnemonic } from '../../server/custody/evm-keys'
import type { Database } from '../../server/db/client'
import { chains, deposits, ledgerAccounts } from '../../server/db/schema'
import { checkLedger } from '../../server/ledger/check'
import { liveSpot, moneyCall, PAY_PASSWORD, withPayPassword } from '../helpers/money-calls'
import { freePort } from '../helpers/app-server'
import { testApp, type TestApp } from '../helpers/server-app'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { makeUser, type TestUser } from '../helpers/server-users'

let chain: DevChain
let reader: PublicClient
beforeAll(async () => {
  chain = await startDevChain({ port: await freePort() })
  reader = createPublicClient({ chain: hardhat, transport: http(chain.rpcUrl) })
}, 120_000)
afterAll(() => chain?.stop())

const testClient = () => createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(chain.rpcUrl) })
/** Dev account `i` (1–9 hold USDT) as a local signer, so a signed transaction can be sent again after a revert. */
const sender = (i: number) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex: i })
const wallet = () => createWalletClient({ chain: hardhat, transport: http(chain.rpcUrl) })

/** Signs (without sending) a transfer of `usdt` USDT from dev account `from` to `to`. */
async function signedUsdt(from: number, to: Address, usdt: string): Promise<Hex> {
  const w = wallet()
  const req = await w.prepareTransactionRequest({
    account: sender(from),
    to: chain.usdt.address,
    data: encodeTransfer(to, parseUnits(usdt, 6)),
    chain: hardhat,
  })
  return w.signTransaction(req)
}
function encodeTransfer(to: Address, value: bigint): Hex {
  // transfer(address,uint256)
  return `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${value.toString(16).padStart(64, '0')}`
}
async function sendUsdt(from: number, to: Address, usdt: string): Promise<Hex> {
  return reader.sendRawTransaction({ serializedTransaction: await signedUsdt(from, to, usdt) })
}
async function sendEth(from: number, to: Address, eth: string): Promise<Hex> {
  return wallet().sendTransaction({ account: sender(from), to, value: parseEther(eth), chain: hardhat })
}

function describeWatcher(name: string, open: () => Promise<Database>) {
  describe(`chain watcher on ${name}`, () => {
    let database: Database
    let t: TestApp
    let custody: EvmCustody
    let deps: ChainWatcherDeps
    let alice: TestUser
    let bob: TestUser
    const lines: string[] = []
    const addressOf = async (u: TestUser, currency = 'USDT', chainLabel = 'ERC20') =>
      moneyCall<DepositAddress>(t.app, u.token, 'GET', 'assets/deposit_address', { currency, chain: chainLabel })
    const list = async (u: TestUser) =>
      (await moneyCall<{ list: Deposit[] }>(t.app, u.token, 'GET', 'assets/deposit_list')).body.data.list
    const spot = async (u: TestUser, currency: string) => (await liveSpot(database.db, u.id, currency)).available
    const withdrawOption = async (u: TestUser, currency: string) => {
      const res = await moneyCall<{ options: WithdrawOption[] }>(t.app, u.token, 'GET', 'assets/withdraw_options')
      return res.body.data.options.find((o) => o.currency === currency && o.chain !== 'TRC20')!
    }
    const withdrawable = async (u: TestUser, currency: string) => (await withdrawOption(u, currency)).available
    const poll = () => pollOnce(deps)
    /** Requests a withdrawal of `amount` USDT-ERC20 (or ETH) to a saved address. */
    async function withdraw(u: TestUser, amount: string, currency: 'USDT' | 'ETH' = 'USDT') {
      const chainLabel = currency === 'USDT' ? 'ERC20' : 'ETH'
      await withPayPassword(database.db, u.id)
      await moneyCall<{ id: number }>(t.app, u.token, 'POST', 'assets/address_save', {
        currency,
        chain: chainLabel,
        address: chain.accounts[9],
      })
      const book = await moneyCall<{ list: { id: number; currency: string }[] }>(
        t.app,
        u.token,
        'GET',
        'assets/address_list',
      )
      const id = book.body.data.list.find((a) => a.currency === currency)!.id
      return moneyCall(t.app, u.token, 'POST', 'assets/withdraw', {
        currency,
        chain: chainLabel,
        address_id: id,
        amount,
        pay_password: PAY_PASSWORD,
      })
    }
    const startBalances: Record<string, bigint> = {}
    /** Sent to the users below the minimum, in base units. */
    const uncredited: Record<string, bigint> = { USDT: 0n, ETH: 0n }
    /** What the users' addresses hold on chain, in base units. */
    async function onChainOf(currency: string): Promise<bigint> {
      let sum = 0n
      for (const u of [alice, bob]) {
        const address = (await addressOf(u)).body.data.address as Address
        sum +=
          currency === 'ETH'
            ? await reader.getBalance({ address })
            : await reader.readContract({
                address: chain.usdt.address,
                abi: erc20Abi,
                functionName: 'balanceOf',
                args: [address],
              })
      }
      return sum
    }

    /** The economic invariant of deposits and the whole ledger (header). */
    async function expectDepositsBalance(step: string) {
      for (const currency of ['USDT', 'ETH']) {
        const [paid] = await database.db
          .select({ v: sql<string>`coalesce(sum(-${ledgerAccounts.available}), 0)::text` })
          .from(ledgerAccounts)
          .where(
            and(
              eq(ledgerAccounts.owner, 'system:deposits'),
              eq(ledgerAccounts.book, 'live'),
              eq(ledgerAccounts.currency, currency),
            ),
          )
        const [held] = await database.db
          .select({
            live: sql<string>`coalesce(sum(case when ${deposits.status} in ('credited', 'withdrawable') then ${deposits.amount} else 0 end), 0)::text`,
            debt: sql<string>`coalesce(sum(case when ${deposits.status} = 'reversed' then ${deposits.debt} else 0 end), 0)::text`,
          })
          .from(deposits)
          .where(and(eq(deposits.source, 'chain'), eq(deposits.currency, currency)))
        const live = parseDecimal(held!.live)
        expect(parseDecimal(paid!.v), `${currency}: deposits paid out = live chain deposits + debts, ${step}`).toBe(
          add(live, parseDecimal(held!.debt)),
        )
        // Since the suite began (the other suite's users have the same ids, so the same addresses), less what was
        // sent below the minimum (on chain, never credited).
        const onChain = (await onChainOf(currency)) - startBalances[currency]! - uncredited[currency]!
        const scale = currency === 'ETH' ? 18 : 6
        const onChainText = parseDecimal(
          `${onChain / 10n ** BigInt(scale)}.${(onChain % 10n ** BigInt(scale)).toString().padStart(scale, '0')}`,
        )
        expect(onChainText, `${currency}: users' addresses hold the live chain deposits, ${step}`).toBe(live)
      }
      expect(await checkLedger(database.db), `ledger check ${step}`).toMatchObject({
        ok: true,
        mismatches: [],
        frozen_mismatches: [],
      })
    }

    beforeAll(async () => {
      database = await open()
      custody = await evmCustody({
        chainId: chain.chainId,
        rpcUrl: chain.rpcUrl,
        xpub: await xpubOfMnemonic(DEV_MNEMONIC),
        usdt: chain.usdt,
        startBlock: Number(await reader.getBlockNumber({ cacheTime: 0 })) + 1,
      })
      // The two suites watch the same chain into two databases.
      custody.network = `evm:${chain.chainId}:${name}`
      t = await testApp({ db: database.db, custody })
      deps = { db: database.db, client: reader, custody, log: (l) => void lines.push(l) }
      ;[alice, bob] = [await makeUser(database.db), await makeUser(database.db)]
      await poll() // the cursor starts at the next block
      for (const c of ['USDT', 'ETH']) startBalances[c] = await onChainOf(c)
    })
    afterAll(async () => {
      if (process.env.WATCHER_LOG) console.log(lines.join('\n'))
      await testClient().setAutomine(true)
      await t?.app.close()
      await database?.close()
    })

    it('gives each user one address for ETH and USDT-ERC20, the same on every visit, and takes no claim for them', async () => {
      const usdt = await addressOf(alice)
      expect(usdt.body).toMatchObject({
        code: 1,
        data: {
          chain: 'ERC20',
          currency: 'USDT',
          min_amount: '1',
          confirmations_credit: 1,
          confirmations_withdraw: 6,
          token_contract: getAddress(chain.usdt.address),
        },
      })
      const expected = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 1000 + alice.id }).address
      expect(usdt.body.data.address).toBe(expected)
      expect((await addressOf(alice)).body.data.address).toBe(expected)
      expect((await addressOf(alice, 'ETH', 'ETH')).body.data).toMatchObject({
        address: expected,
        token_contract: null,
      })
      expect((await addressOf(bob)).body.data.address).not.toBe(expected)
      const tron = await addressOf(alice, 'USDT', 'TRC20')
      expect(tron.body.data).toMatchObject({ field: 'chain' })
      expect(tron.body.msg).toContain('not watched')
      const claim = await moneyCall(t.app, alice.token, 'POST', 'assets/deposit_claim', {
        currency: 'USDT',
        chain: 'ERC20',
        amount: '100',
        from_address: chain.accounts[1],
      })
      expect((claim.body.data as { field: string }).field).toBe('chain')
      expect(claim.body.msg).toContain('no claim is needed')
      await expectDepositsBalance('before any transfer')
    })

    it('shows a transfer pending at 0 confirmations, credits it at 1 and lets it be withdrawn at 6', async () => {
      const to = (await addressOf(alice)).body.data.address as Address
      await testClient().setAutomine(false)
      const usdtHash = await sendUsdt(1, to, '100')
      const ethHash = await sendEth(2, to, '0.5')
      await poll()
      let rows = await list(alice)
      expect(rows.map((r) => [r.currency, r.status, r.confirmations, r.tx_hash])).toEqual(
        expect.arrayContaining([
          ['USDT', 'pending', 0, usdtHash],
          ['ETH', 'pending', 0, ethHash],
        ]),
      )
      expect(rows).toHaveLength(2)
      expect(await spot(alice, 'USDT')).toBe('0')
      await expectDepositsBalance('pending')

      await testClient().mine({ blocks: 1 })
      await testClient().setAutomine(true)
      await poll()
      rows = await list(alice)
      expect(rows.map((r) => [r.currency, r.amount, r.status, r.confirmations, r.source])).toEqual(
        expect.arrayContaining([
          ['USDT', '100', 'credited', 1, 'chain'],
          ['ETH', '0.5', 'credited', 1, 'chain'],
        ]),
      )
      expect(rows).toHaveLength(2)
      expect([await spot(alice, 'USDT'), await spot(alice, 'ETH')]).toEqual(['100', '0.5'])
      // Tradable (it is in the spot wallet) but not withdrawable yet.
      expect(await withdrawOption(alice, 'USDT')).toMatchObject({
        available: '0',
        locked: { reason: 'confirming', currency: 'USDT' },
      })
      let out = await withdraw(alice, '20')
      expect(out.body.msg).toBe('Withdrawals open once your USDT deposits reach 6 confirmations')
      expect(await spot(alice, 'USDT')).toBe('100')
      await expectDepositsBalance('credited')

      await chain.mine(4)
      await poll()
      expect((await list(alice)).map((r) => [r.status, r.confirmations])).toEqual([
        ['credited', 5],
        ['credited', 5],
      ])
      await chain.mine(1)
      await poll()
      expect((await list(alice)).map((r) => [r.status, r.confirmations])).toEqual([
        ['withdrawable', 6],
        ['withdrawable', 6],
      ])
      expect(await withdrawOption(alice, 'USDT')).toMatchObject({ available: '100', locked: null })
      out = await withdraw(alice, '20')
      expect(out.body.code).toBe(1)
      expect(await spot(alice, 'USDT')).toBe('75') // 20 + the 5 USDT fee frozen
      await expectDepositsBalance('withdrawable')
    })

    it('withdraws nothing while a deposit waits for its 6 confirmations: what it could have been traded into included', async () => {
      const to = (await addressOf(alice)).body.data.address as Address
      await sendUsdt(7, to, '2')
      await poll()
      // 75 USDT and 0.5 ETH of confirmed deposits, but 2 USDT could be margin of a 100× position whose winnings come
      // back as USDT, or be sold for ETH: none of it leaves before the 2 are confirmed.
      expect([await withdrawable(alice, 'USDT'), await withdrawable(alice, 'ETH')]).toEqual(['0', '0'])
      let out = await withdraw(alice, '20')
      expect(out.body.msg).toBe('Withdrawals open once your USDT deposits reach 6 confirmations')
      out = await withdraw(alice, '0.1', 'ETH')
      expect(out.body.msg).toBe('Withdrawals open once your USDT deposits reach 6 confirmations')
      expect(await spot(alice, 'USDT')).toBe('77')
      await chain.mine(5)
      await poll()
      expect([await withdrawable(alice, 'USDT'), await withdrawable(alice, 'ETH')]).toEqual(['77', '0.5'])
      out = await withdraw(alice, '0.1', 'ETH')
      expect(out.body.code).toBe(1)
      await expectDepositsBalance('after the ETH withdrawal')
    })

    it('credits each transfer once with two watchers polling at once, and after a restart resumes where it stopped', async () => {
      const to = (await addressOf(bob)).body.data.address as Address
      for (const usdt of ['3', '4', '5']) await sendUsdt(3, to, usdt)
      await Promise.all([poll(), poll()])
      // Deposits paused by the operator (the screen hides the address): what still arrives is the user's, credited.
      await database.db.update(chains).set({ depositEnabled: false }).where(eq(chains.chain, 'ERC20'))
      for (const usdt of ['6', '0.5']) await sendUsdt(3, to, usdt) // 0.5: below the 1 USDT minimum
      uncredited.USDT! += 500_000n
      // A new watcher (a restart) with the same database: it resumes from the cursor.
      const restarted = { ...deps, client: createPublicClient({ transport: http(chain.rpcUrl) }) as PublicClient }
      await Promise.all([pollOnce(restarted), poll()])
      const rows = await list(bob)
      expect(rows.map((r) => r.amount).sort()).toEqual(['3', '4', '5', '6'])
      expect(await spot(bob, 'USDT')).toBe('18')
      expect(lines.some((l) => l.includes('0.5 USDT') && l.includes('below the minimum'))).toBe(true)
      await database.db.update(chains).set({ depositEnabled: true }).where(eq(chains.chain, 'ERC20'))
      await expectDepositsBalance('two watchers')
    })

    it('reverses a deposit whose block left the chain, keeps what was already moved as a debt, and the next deposit repays it', async () => {
      const to = (await addressOf(bob)).body.data.address as Address
      const snap = await chain.snapshot()
      const hash = await sendUsdt(4, to, '30')
      await poll()
      expect(await spot(bob, 'USDT')).toBe('48')
      // Bob moves 40 of his 48 USDT to his futures wallet before the reorganization.
      const moved = await moneyCall(t.app, bob.token, 'POST', 'assets/transfer', {
        currency: 'USDT',
        from: 'spot',
        to: 'contract',
        amount: '40',
      })
      expect(moved.body.code).toBe(1)
      await expectDepositsBalance('before the reorganization')

      await chain.revert(snap)
      await chain.mine(2) // the other branch, longer than the one that held the deposit
      const r = await poll()
      expect(r.reversed).toBe(1)
      const reversed = (await list(bob)).find((d) => d.tx_hash === hash)!
      // 30 to take back, 8 left in spot: 8 taken, 22 owed; the spot wallet at 0, never below.
      expect([reversed.status, reversed.debt, reversed.confirmations]).toEqual(['reversed', '22', 0])
      expect(await spot(bob, 'USDT')).toBe('0')
      expect(await withdrawable(bob, 'USDT')).toBe('0')
      // What `npm run admin -- custody` lists to operators.
      expect((await custodyReport(database.db)).debts).toEqual([
        { depositId: reversed.id, userId: bob.id, currency: 'USDT', amount: '30', debt: '22' },
      ])
      await expectDepositsBalance('after the reorganization')

      // Bob brings his 40 back to spot: no withdrawal while the debt is owed.
      const back = await moneyCall(t.app, bob.token, 'POST', 'assets/transfer', {
        currency: 'USDT',
        from: 'contract',
        to: 'spot',
        amount: '40',
      })
      expect(back.body.code).toBe(1)
      const refused = await withdraw(bob, '20')
      expect(refused.body.msg).toBe(
        'A reversed USDT deposit still owes 22 USDT: withdrawals open once it is repaid. Please contact customer service',
      )
      expect(await spot(bob, 'USDT')).toBe('40')

      // The next deposit repays the debt first.
      await sendUsdt(4, to, '25')
      await poll()
      expect(await spot(bob, 'USDT')).toBe('43')
      expect((await list(bob)).find((d) => d.tx_hash === hash)!.debt).toBe('0')
      expect((await custodyReport(database.db)).debts).toEqual([])
      await expectDepositsBalance('debt repaid')
    })

    it('credits a transfer re-mined in another block once more after its first block left the chain', async () => {
      const to = (await addressOf(alice)).body.data.address as Address
      const before = await spot(alice, 'USDT')
      const snap = await chain.snapshot()
      const raw = await signedUsdt(5, to, '12.345678')
      const hash = await reader.sendRawTransaction({ serializedTransaction: raw })
      await poll()
      expect(await spot(alice, 'USDT')).toBe(add(before, parseDecimal('12.345678')))
      await chain.revert(snap)
      await chain.mine(1)
      await poll()
      expect(await spot(alice, 'USDT')).toBe(before)
      // The same signed transaction, mined again in the new branch.
      expect(await reader.sendRawTransaction({ serializedTransaction: raw })).toBe(hash)
      await poll()
      const rows = (await list(alice)).filter((d) => d.tx_hash === hash)
      expect(rows.map((d) => d.status).sort()).toEqual(['credited', 'reversed'])
      expect(await spot(alice, 'USDT')).toBe(add(before, parseDecimal('12.345678')))
      await expectDepositsBalance('re-mined')
    })

    it('refuses an operator approving a pending chain deposit as a claim: the watcher credits it, once', async () => {
      const operator = await makeUser(database.db, 'operator')
      const to = (await addressOf(bob)).body.data.address as Address
      const before = await spot(bob, 'USDT')
      await testClient().setAutomine(false)
      const hash = await sendUsdt(6, to, '9')
      await poll()
      const pending = (await list(bob)).find((d) => d.tx_hash === hash)!
      expect(pending.status).toBe('pending')
      const res = await moneyCall(t.app, operator.token, 'POST', 'admin/deposit_review', {
        id: pending.id,
        approve: true,
      })
      // Not a claim, so not found among claims (the table's check constraint alone would answer 500).
      expect([res.body.code === 1, res.body.msg]).toEqual([false, 'Deposit not found'])
      expect(await spot(bob, 'USDT')).toBe(before)
      await testClient().mine({ blocks: 1 })
      await testClient().setAutomine(true)
      await poll()
      expect((await list(bob)).find((d) => d.tx_hash === hash)!.status).toBe('credited')
      expect(await spot(bob, 'USDT')).toBe(add(before, parseDecimal('9')))
      await expectDepositsBalance('after the refused approval')
    })

    it('refuses to approve a withdrawal requested before a reorganization left its user a debt', async () => {
      const operator = await makeUser(database.db, 'operator')
      await chain.mine(5)
      await poll()
      const to = (await addressOf(bob)).body.data.address as Address
      const requested = await withdraw(bob, '20')
      expect(requested.body, 'withdrawal requested').toMatchObject({ code: 1 })
      const id = (requested.body.data as { id: number }).id
      const snap = await chain.snapshot()
      await sendUsdt(4, to, '30')
      await poll()
      // Everything available goes to futures; the 25 of the request stay frozen.
      const moved = await moneyCall(t.app, bob.token, 'POST', 'assets/transfer', {
        currency: 'USDT',
        from: 'spot',
        to: 'contract',
        amount: await spot(bob, 'USDT'),
      })
      expect(moved.body.code).toBe(1)
      await chain.revert(snap)
      await chain.mine(2)
      expect((await poll()).reversed).toBe(1)
      const review = (approve: boolean) =>
        moneyCall(t.app, operator.token, 'POST', 'admin/withdraw_review', {
          id,
          approve,
          ...(approve ? {} : { reason: 'Deposit reversed' }),
        })
      const approved = await review(true)
      expect([approved.body.code === 1, approved.body.msg]).toEqual([
        false,
        'A reversed USDT deposit still owes 30 USDT: withdrawals open once it is repaid. Please contact customer service',
      ])
      expect(
        (
          await moneyCall<{ list: { id: number; status: string }[] }>(t.app, bob.token, 'GET', 'assets/withdraw_list')
        ).body.data.list.find((w) => w.id === id)!.status,
      ).toBe('pending')
      await expectDepositsBalance('approval refused')
      expect((await review(false)).body.code).toBe(1)
      await expectDepositsBalance('rejected')
    })

    it("reads the reserves of the proof from chain: what the users' deposit addresses hold", async () => {
      const reserves = await readReserves(database.db, reader, custody)
      const [eth, usdt] = [await onChainOf('ETH'), await onChainOf('USDT')]
      expect(reserves).toEqual(
        new Map([
          ['ETH', parseDecimal(formatUnits(eth, 18))],
          ['USDT', parseDecimal(formatUnits(usdt, 6))],
        ]),
      )
      const p = await publishProof(database.db, reserves)
      expect(p.totals.find((t) => t.currency === 'USDT')!.reserves).toBe(parseDecimal(formatUnits(usdt, 6)))
    })
  })
}

describeWatcher('PGlite', () => pgliteTestDb())
await describePostgres('chain watcher', (open) => describeWatcher('PostgreSQL', open))
