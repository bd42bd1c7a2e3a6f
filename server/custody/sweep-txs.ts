/**
 * Following the sweeper's transactions (server/custody/sweeper.ts, issue 23 part 4) until final: the transactions of
 * one sender and nonce (a sweep and its replacements, or a gas top-up and its) become `mined` or `reverted` at
 * CONFIRMATIONS_WITHDRAW, the others `dropped`; one the node does not know is broadcast again, one not mined after
 * `replaceAfterMs` is replaced at its nonce with higher fees when the market moved above it (server/custody/signer.ts
 * REPLACEMENT_BUMP); one whose nonce another mined transaction used, or that the node refuses with nothing left to
 * sweep, is `dropped` (the address is swept again from what it holds).
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { Address, Hex, LocalAccount } from 'viem'
import { parseDecimal } from '../../common/amount'
import { CONFIRMATIONS_WITHDRAW } from '../../common/api/assets'
import type { Db } from '../db/client'
import { chainAddresses, sweepTxs } from '../db/schema'
import { broadcast, bumped, ETH_TRANSFER_GAS, max, receiptOf, REPLACE_AFTER_MS, TOKEN_TRANSFER_GAS } from './signer'
import type { SweeperDeps } from './sweeper'

type SweepRow = typeof sweepTxs.$inferSelect

/** A legacy transaction moving `value` wei: its fee is exactly `gasPrice` × 21,000. */
export const ethSweep = (chainId: number, nonce: number, to: Address, value: bigint, gasPrice: bigint) =>
  ({ type: 'legacy', chainId, nonce, to, value, gas: ETH_TRANSFER_GAS, gasPrice }) as const

/** Follows one nonce's transactions: final at 6 confirmations, or broadcast again / replaced while none is mined. */
export async function followSweep(
  deps: SweeperDeps,
  rows: SweepRow[],
  tip: bigint,
): Promise<'mined' | 'reverted' | 'rebroadcast' | 'replaced' | 'dropped' | 'waiting'> {
  for (const r of [...rows].reverse()) {
    const receipt = await receiptOf(deps.client, r.txHash as Hex)
    if (!receipt) continue
    if (Number(tip - receipt.blockNumber + 1n) < CONFIRMATIONS_WITHDRAW) return 'waiting'
    const ok = receipt.status === 'success'
    const final = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(sweepTxs)
        .set({ status: ok ? 'mined' : 'reverted', updatedAt: new Date() })
        .where(and(eq(sweepTxs.id, r.id), eq(sweepTxs.status, 'sent')))
        .returning({ id: sweepTxs.id })
      if (!row) return false
      await dropSent(tx, rows)
      return true
    })
    if (!final) return 'waiting'
    deps.log?.(
      `[sweep] ${r.address}: ${r.purpose} ${parseDecimal(r.amount)} ${r.currency} ${ok ? 'final' : 'REVERTED'} (${r.txHash})`,
    )
    return ok ? 'mined' : 'reverted'
  }
  const latest = rows.at(-1)!
  const known = await deps.client.getTransaction({ hash: latest.txHash as Hex }).catch(() => null)
  if (!known) {
    // Its nonce already used by a mined transaction that is none of these (checked again: one may have just been
    // mined): nothing of this group will ever be mined.
    const used = await deps.client.getTransactionCount({ address: latest.fromAddress as Address, blockTag: 'latest' })
    if (used > latest.nonce) {
      for (const r of rows) if (await receiptOf(deps.client, r.txHash as Hex)) return 'waiting'
      await drop(deps, rows, `nonce ${latest.nonce} already used`)
      return 'dropped'
    }
    try {
      await broadcast(deps, latest.raw as Hex)
      return 'rebroadcast'
    } catch (err) {
      // The hot wallet keeps its nonce (withdrawals queue behind it) until an operator funds it; a deposit address's
      // transaction the node refuses (its balance changed: a reorganization) is signed again from what it holds now.
      if (latest.fromAddress === deps.account.address.toLowerCase()) throw err
      if (await replace(deps, latest, true)) return 'replaced'
      await drop(deps, rows, 'refused by the node and nothing left to sweep')
      return 'dropped'
    }
  }
  const now = deps.now?.() ?? Date.now()
  if (now - latest.createdAt.getTime() < (deps.replaceAfterMs ?? REPLACE_AFTER_MS)) return 'waiting'
  return (await replace(deps, latest, false)) ? 'replaced' : 'waiting'
}

/** Marks those of `rows` still `sent` as `dropped` (the others of a nonce once one is final, or all of a dead one). */
async function dropSent(db: Db, rows: readonly SweepRow[]): Promise<void> {
  await db
    .update(sweepTxs)
    .set({ status: 'dropped', updatedAt: new Date() })
    .where(
      and(
        inArray(
          sweepTxs.id,
          rows.map((r) => r.id),
        ),
        eq(sweepTxs.status, 'sent'),
      ),
    )
}

/** Marks a nonce's transactions `dropped`: the address is swept again from what it holds. */
async function drop(deps: SweeperDeps, rows: SweepRow[], why: string): Promise<void> {
  await dropSent(deps.db, rows)
  deps.log?.(`[sweep] ${rows[0]!.address}: ${rows.at(-1)!.txHash} dropped (${why})`)
}

/**
 * Signs `latest` again at its nonce, stores and broadcasts it. Replacing a transaction the node holds (`resign`
 * false) only when the market moved above its fee — the node's estimate is higher than its max fee — at
 * max(fees × REPLACEMENT_BUMP, estimate): a transaction that is not mined for another reason (a node that does not
 * relay, a stalled chain) is never re-priced round after round until the deposit is all gas. `resign` true: the
 * node refused the stored bytes, signed again at the estimate. An ETH sweep moves its balance at the withdrawable
 * depth less the new fee. False when nothing changes: the market is not above it, or the address cannot pay.
 */
async function replace(deps: SweeperDeps, latest: SweepRow, resign: boolean): Promise<boolean> {
  const { keccak256, formatUnits, parseTransaction } = await loadViem()
  const { client, custody } = deps
  const before = parseTransaction(latest.raw as Hex)
  const isHot = latest.fromAddress === deps.account.address.toLowerCase()
  const signer = isHot ? deps.account : await ownerOf(deps, latest.address)
  let raw: Hex
  let amount = parseDecimal(latest.amount)
  let fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
  if (before.type === 'legacy') {
    const { gasPrice: estimate } = await client.estimateFeesPerGas({ chain: null, type: 'legacy' })
    if (!resign && estimate <= BigInt(latest.maxFeePerGas)) return false
    const gasPrice = resign ? estimate : max(bumped(latest.maxFeePerGas), estimate)
    const safeBlock = (await client.getBlockNumber({ cacheTime: 0 })) - BigInt(CONFIRMATIONS_WITHDRAW - 1)
    const eth = await client.getBalance({ address: signer.address, blockNumber: safeBlock })
    const value = eth - ETH_TRANSFER_GAS * gasPrice
    if (value <= 0n) return false
    amount = parseDecimal(formatUnits(value, 18))
    fees = { maxFeePerGas: gasPrice, maxPriorityFeePerGas: gasPrice }
    raw = await signer.signTransaction(ethSweep(custody.chainId, latest.nonce, before.to!, value, gasPrice))
  } else {
    const estimate = await client.estimateFeesPerGas()
    if (!resign && estimate.maxFeePerGas <= BigInt(latest.maxFeePerGas)) return false
    const maxPriorityFeePerGas = resign
      ? estimate.maxPriorityFeePerGas
      : max(bumped(latest.maxPriorityFeePerGas), estimate.maxPriorityFeePerGas)
    const maxFeePerGas = resign
      ? estimate.maxFeePerGas
      : max(bumped(latest.maxFeePerGas), estimate.maxFeePerGas, maxPriorityFeePerGas)
    const gas = before.gas ?? TOKEN_TRANSFER_GAS
    if (!isHot && (await client.getBalance({ address: signer.address, blockTag: 'latest' })) < gas * maxFeePerGas) {
      return false
    }
    fees = { maxFeePerGas, maxPriorityFeePerGas }
    raw = await signer.signTransaction({
      type: 'eip1559',
      chainId: custody.chainId,
      nonce: latest.nonce,
      to: before.to!,
      value: before.value ?? 0n,
      ...(before.data ? { data: before.data } : {}),
      gas,
      ...fees,
    })
  }
  const hash = keccak256(raw)
  await deps.db.insert(sweepTxs).values({
    network: custody.network,
    address: latest.address,
    purpose: latest.purpose,
    currency: latest.currency,
    amount,
    fromAddress: latest.fromAddress,
    toAddress: latest.toAddress,
    nonce: latest.nonce,
    txHash: hash,
    raw,
    maxFeePerGas: fees.maxFeePerGas.toString(),
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
  })
  deps.log?.(`[sweep] ${latest.address}: ${latest.txHash} not mined: replaced by ${hash}`)
  await broadcast(deps, raw)
  return true
}

const loadViem = () => import('viem')

/** The deposit address's account, from its key index. */
async function ownerOf(deps: SweeperDeps, address: string): Promise<LocalAccount> {
  const [row] = await deps.db
    .select({ keyIndex: chainAddresses.keyIndex })
    .from(chainAddresses)
    .where(and(eq(chainAddresses.network, deps.custody.network), eq(chainAddresses.address, address)))
  if (!row) throw new Error(`${address} is no deposit address`)
  return deps.keys.accountAt(row.keyIndex)
}
