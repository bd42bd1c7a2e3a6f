/**
 * Sweeping (issue 23 part 4): the signer moves what users deposited from their deposit addresses to the hot wallet,
 * with the deposit addresses' keys (EVM_SWEEP_KEY, the private half of EVM_XPUB; server/custody/signer-key.ts). Users'
 * balances do not change: the ledger already owes them the deposit; only where the venue keeps the coins does, and
 * the gas is the venue's cost (the reserves of the proof go down by it).
 *
 * Which addresses: those with a chain deposit that is withdrawable (6 confirmations, final for the venue) above the
 * address's `swept_through`, and none still pending or credited (a young deposit could be reorganized away together
 * with the sweep spending it). Balances are read at the withdrawable depth (the tip less CONFIRMATIONS_WITHDRAW − 1
 * blocks), so a transfer the watcher has not processed yet stays for a later sweep. One transaction in flight per
 * address at a time. Per address, each round:
 * 1. **USDT** first (its gas comes from ETH on the address): with ETH ≥ TOKEN_TRANSFER_GAS × max fee, the address's key
 *    signs `transfer(hot wallet, whole balance)`; otherwise the hot wallet sends the missing ETH (a `gas` row, at the
 *    hot wallet's nonce shared with withdrawals). The chain watcher never credits a `gas` transfer to the user: it
 *    is stored before it is broadcast, so the watcher always knows it (without that, each top-up would be a deposit
 *    the user could withdraw).
 * 2. **ETH** then: the whole balance less the gas, as a legacy transaction (gas price × 21,000 is then exactly the
 *    fee, so nothing is left behind); a balance whose fee would be more than half of it is dust and stays.
 * 3. Nothing left to move: `swept_through` becomes the highest withdrawable deposit seen.
 *
 * Each signed transaction is stored (`sweep_txs`, raw bytes) under a lock of the address's row before it is broadcast,
 * and followed like a withdrawal's (server/custody/sweep-txs.ts): final at CONFIRMATIONS_WITHDRAW (`mined` or
 * `reverted`; the others of its nonce `dropped`), broadcast again when the node does not know it, replaced at the same
 * nonce with fees × REPLACEMENT_BUMP after `replaceAfterMs` only when the market moved above its fee, dropped when
 * another transaction used its nonce or the node refuses it with nothing left to sweep. An address whose sweep reverted MAX_REVERTS times since
 * its last mined one is held (left out of the rounds, listed by `npm run admin -- custody`): a token that refuses the transfer (a
 * blacklisted address) would otherwise burn gas every round.
 */
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm'
import { CONFIRMATIONS_WITHDRAW } from '../../common/api/assets'
import type { Address, Hex, LocalAccount } from 'viem'
import { parseDecimal } from '../../common/amount'
import type { Db } from '../db/client'
import { chainAddresses, deposits, sweepTxs } from '../db/schema'
import type { DepositKeyring } from './signer-key'
import { ethSweep, followSweep } from './sweep-txs'
import { broadcast, ETH_TRANSFER_GAS, takeHotNonce, TOKEN_TRANSFER_GAS, type SignerDeps } from './signer'

/** Reverted sweeps of an address (since its last mined one) after which it is held for an operator. */
export const MAX_REVERTS = 3

/** Addresses looked at per round. */
const ROUND_LIMIT = 50

/** What the sweeper needs: the signer's (its account is the hot wallet, where sweeps go) and the deposit keys. */
export interface SweeperDeps extends SignerDeps {
  keys: DepositKeyring
}

/** What a round did. */
export interface SweepRound {
  /** Gas top-ups sent from the hot wallet. */
  gas: number
  /** Sweeps sent (USDT or ETH). */
  swept: number
  rebroadcast: number
  replaced: number
  /** Transactions final at 6 confirmations, succeeded or reverted. */
  mined: number
  reverted: number
  /** Addresses found empty (or holding dust only) and marked swept. */
  done: number
  /** Transactions given up: their nonce was used by another, or they can no longer be sent (nothing left to sweep). */
  dropped: number
}

type SweepRow = typeof sweepTxs.$inferSelect

/** An address to sweep. */
interface Candidate {
  address: string
  keyIndex: number
  /** The highest withdrawable chain deposit of the address. */
  through: number
}

/** One round: follow the transactions in flight, then start the next step of each address to sweep. */
export async function sweepRound(deps: SweeperDeps): Promise<SweepRound> {
  const done: SweepRound = {
    gas: 0,
    swept: 0,
    rebroadcast: 0,
    replaced: 0,
    mined: 0,
    reverted: 0,
    done: 0,
    dropped: 0,
  }
  const log = deps.log ?? (() => {})
  const { db, custody } = deps
  const open = await db
    .select()
    .from(sweepTxs)
    .where(and(eq(sweepTxs.network, custody.network), eq(sweepTxs.status, 'sent')))
    .orderBy(asc(sweepTxs.id))
  const busy = new Set(open.map((r) => r.address))
  const candidates = await candidatesOf(db, custody.network)
  if (open.length === 0 && candidates.length === 0) return done
  const tip = await deps.client.getBlockNumber({ cacheTime: 0 })
  const groups = new Map<string, SweepRow[]>()
  for (const r of open) {
    const key = `${r.fromAddress}:${r.nonce}`
    groups.set(key, [...(groups.get(key) ?? []), r])
  }
  for (const rows of groups.values()) {
    try {
      const outcome = await followSweep(deps, rows, tip)
      if (outcome !== 'waiting') done[outcome]++
    } catch (err) {
      log(`[sweep] ${rows[0]!.address}: ${firstLine(err)}; again next round`)
    }
  }
  // Read at the depth where deposits are withdrawable: a deposit younger than that stays for a later sweep.
  const safeBlock = tip - BigInt(CONFIRMATIONS_WITHDRAW - 1)
  for (const c of candidates) {
    if (busy.has(c.address)) continue
    try {
      const outcome = await step(deps, c, safeBlock)
      if (outcome) done[outcome]++
    } catch (err) {
      log(`[sweep] ${c.address}: ${firstLine(err)}; again next round`)
    }
  }
  return done
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message.split('\n')[0] : String(err))

/**
 * Addresses with a withdrawable chain deposit above `swept_through`, none pending or credited, no transaction in
 * flight and not held, with the highest withdrawable deposit id: excluded before the LIMIT, so held or busy addresses
 * never crowd out the others.
 */
async function candidatesOf(db: Db, network: string): Promise<Candidate[]> {
  const rows = await db
    .select({
      address: chainAddresses.address,
      keyIndex: chainAddresses.keyIndex,
      through: sql<number>`max(${deposits.id})::int`,
    })
    .from(chainAddresses)
    .innerJoin(
      deposits,
      and(
        eq(deposits.userId, chainAddresses.userId),
        eq(deposits.network, chainAddresses.network),
        eq(deposits.source, 'chain'),
        eq(deposits.status, 'withdrawable'),
        gt(deposits.id, chainAddresses.sweptThrough),
      ),
    )
    .where(
      and(
        eq(chainAddresses.network, network),
        sql`not exists (select 1 from ${deposits} young where young.user_id = ${chainAddresses.userId}
          and young.network = ${chainAddresses.network} and young.source = 'chain'
          and young.status in ('pending', 'credited'))`,
        sql`not exists (select 1 from ${sweepTxs} flight where flight.network = ${chainAddresses.network}
          and flight.address = ${chainAddresses.address} and flight.status = 'sent')`,
        sql`not ${heldSql(sql`${chainAddresses.network}`, sql`${chainAddresses.address}`)}`,
      ),
    )
    .groupBy(chainAddresses.address, chainAddresses.keyIndex)
    .orderBy(asc(sql`max(${deposits.id})`))
    .limit(ROUND_LIMIT)
  return rows
}

/**
 * SQL: whether the address's last MAX_REVERTS final sweeps all reverted (it is held for an operator). Used by the
 * candidates' query and the operator's report (server/custody/custody-report.ts).
 */
export function heldSql(network: SQL, address: SQL): SQL {
  return sql`(select count(*) = ${MAX_REVERTS} and bool_and(last.status = 'reverted') from (
    select h.status from ${sweepTxs} h where h.network = ${network} and h.address = ${address}
      and h.purpose = 'sweep' and h.status in ('mined', 'reverted') order by h.id desc limit ${MAX_REVERTS}) last)`
}

/** The address's balances at `blockNumber`: ETH (wei) and USDT (base units; 0 without a token). */
export async function balancesOf(deps: SweeperDeps, address: Address, blockNumber: bigint) {
  const { erc20Abi } = await import('viem')
  const { client, custody } = deps
  const [eth, usdt] = await Promise.all([
    client.getBalance({ address, blockNumber }),
    custody.usdt
      ? client.readContract({
          address: custody.usdt.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
          blockNumber,
        })
      : Promise.resolve(0n),
  ])
  return { eth, usdt }
}

/** The next step of sweeping `c` (header): a top-up, a sweep, or marking it done. */
async function step(deps: SweeperDeps, c: Candidate, safeBlock: bigint): Promise<'gas' | 'swept' | 'done' | undefined> {
  const { encodeFunctionData, erc20Abi, formatUnits } = await import('viem')
  const { client, custody } = deps
  const owner = await deps.keys.accountAt(c.keyIndex)
  if (owner.address.toLowerCase() !== c.address) {
    throw new Error(`the sweep key's index ${c.keyIndex} is ${owner.address}, not this address: not swept`)
  }
  const { eth, usdt } = await balancesOf(deps, owner.address, safeBlock)
  const hot = deps.account
  if (usdt > 0n && custody.usdt) {
    const fees = await client.estimateFeesPerGas()
    const need = TOKEN_TRANSFER_GAS * fees.maxFeePerGas
    if (eth < need) {
      const value = need - eth
      const sent = await signAndStore(deps, c, 'gas', hot, async (nonce) => ({
        amount: formatUnits(value, 18),
        currency: 'ETH',
        to: owner.address,
        fees: { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas },
        raw: await hot.signTransaction({
          type: 'eip1559',
          chainId: custody.chainId,
          nonce,
          to: owner.address,
          value,
          gas: ETH_TRANSFER_GAS,
          maxFeePerGas: fees.maxFeePerGas,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        }),
      }))
      return sent ? 'gas' : undefined
    }
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [hot.address, usdt] })
    const sent = await signAndStore(deps, c, 'sweep', owner, async (nonce) => ({
      amount: formatUnits(usdt, custody.usdt!.decimals),
      currency: 'USDT',
      to: hot.address,
      fees: { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas },
      raw: await owner.signTransaction({
        type: 'eip1559',
        chainId: custody.chainId,
        nonce,
        to: custody.usdt!.address,
        data,
        gas: TOKEN_TRANSFER_GAS,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      }),
    }))
    return sent ? 'swept' : undefined
  }
  if (eth > 0n) {
    const { gasPrice } = await client.estimateFeesPerGas({ chain: null, type: 'legacy' })
    const cost = ETH_TRANSFER_GAS * gasPrice
    if (eth >= 2n * cost) {
      const sent = await signAndStore(deps, c, 'sweep', owner, async (nonce) => ({
        amount: formatUnits(eth - cost, 18),
        currency: 'ETH',
        to: hot.address,
        fees: { maxFeePerGas: gasPrice, maxPriorityFeePerGas: gasPrice },
        raw: await owner.signTransaction(ethSweep(custody.chainId, nonce, hot.address, eth - cost, gasPrice)),
      }))
      return sent ? 'swept' : undefined
    }
  }
  const [marked] = await deps.db
    .update(chainAddresses)
    .set({ sweptThrough: sql`greatest(${chainAddresses.sweptThrough}, ${c.through})` })
    .where(and(eq(chainAddresses.network, custody.network), eq(chainAddresses.address, c.address)))
    .returning({ address: chainAddresses.address })
  if (marked) {
    deps.log?.(
      `[sweep] ${c.address}: swept through deposit ${c.through}${eth > 0n ? ` (${formatUnits(eth, 18)} ETH of dust left)` : ''}`,
    )
  }
  return 'done'
}

/** A transaction to store and broadcast. */
interface Signed {
  amount: string
  currency: string
  to: Address
  fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
  raw: Hex
}

/**
 * Under a lock of the address's row, with no transaction of it in flight: takes `signer`'s nonce (the hot wallet's
 * from `hot_wallets`, a deposit address's from the node), signs, stores; then broadcasts. False when another signer
 * holds the address or already has a transaction in flight for it.
 */
async function signAndStore(
  deps: SweeperDeps,
  c: Candidate,
  purpose: 'sweep' | 'gas',
  signer: LocalAccount,
  sign: (nonce: number) => Promise<Signed>,
): Promise<boolean> {
  const { keccak256 } = await import('viem')
  const { db, client, custody } = deps
  const from = signer.address.toLowerCase()
  const pendingCount = await client.getTransactionCount({ address: signer.address, blockTag: 'pending' })
  const stored = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ address: chainAddresses.address })
      .from(chainAddresses)
      .where(and(eq(chainAddresses.network, custody.network), eq(chainAddresses.address, c.address)))
      .for('update', { skipLocked: true })
    if (!row) return undefined
    const [inFlight] = await tx
      .select({ id: sweepTxs.id })
      .from(sweepTxs)
      .where(and(eq(sweepTxs.network, custody.network), eq(sweepTxs.address, c.address), eq(sweepTxs.status, 'sent')))
      .limit(1)
    if (inFlight) return undefined
    const nonce = purpose === 'gas' ? await takeHotNonce(tx, custody.network, from, pendingCount) : pendingCount
    const s = await sign(nonce)
    const hash = keccak256(s.raw)
    await tx.insert(sweepTxs).values({
      network: custody.network,
      address: c.address,
      purpose,
      currency: s.currency,
      amount: parseDecimal(s.amount),
      fromAddress: from,
      toAddress: s.to.toLowerCase(),
      nonce,
      txHash: hash,
      raw: s.raw,
      maxFeePerGas: s.fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: s.fees.maxPriorityFeePerGas.toString(),
    })
    return { ...s, hash, nonce }
  })
  if (!stored) return false
  deps.log?.(
    `[sweep] ${c.address}: ${purpose === 'gas' ? 'gas' : 'sweep'} ${parseDecimal(stored.amount)} ${stored.currency} to ${stored.to}, nonce ${stored.nonce}, ${stored.hash}`,
  )
  await broadcast(deps, stored.raw)
  return true
}
