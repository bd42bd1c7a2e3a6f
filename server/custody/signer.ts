/**
 * The signer (issue 23 part 3): sends approved withdrawals of the watched pairs (ETH, USDT-ERC20) from the hot
 * wallet, and settles them from the chain. It is the only role holding the hot wallet's key (signer-key.ts); the API
 * hands it work through the database alone: an approved withdrawal with a network is `sending` (its amount + fee
 * still frozen), and this loop takes it from there.
 *
 * A round:
 * 1. **Send.** Each `sending` withdrawal with no transaction yet is signed under a lock of the withdrawal row and of
 *    the hot wallet's nonce row (`hot_wallets`): the nonce is the larger of the row's next nonce and the node's
 *    pending count, so two signer processes never give one nonce to two withdrawals. The signed bytes and hash are
 *    stored in the same transaction (`withdrawal_txs`) *before* they are broadcast: a signer killed in between
 *    broadcasts the same bytes at its next round (the node does not know them), never a second payment.
 * 2. **Follow.** For each withdrawal with transactions: a receipt of any of them (a replacement shares the nonce, so
 *    at most one is ever mined) gives its confirmations; at CONFIRMATIONS_WITHDRAW (6) it is final — `paid` (the
 *    frozen amount leaves to the withdrawals account and the fee to the fees account, `withdraw_approve`) or, if the
 *    transaction reverted, `failed` (amount + fee back to the spot wallet, `withdraw_fail`): each once, by a
 *    conditional update of a `sending` row and the ledger's unique reference. A reverted transaction is judged at 6
 *    too: a reorganization could re-mine it in another state. Before 6 the record shows the hash and the count.
 * 3. **Unstick.** A transaction the node no longer knows (dropped, or never broadcast) is broadcast again; one not
 *    mined after `replaceAfterMs` while the node's fee estimate has risen above its max fee (it is underpriced) is
 *    replaced by the same transfer at the same nonce with both fees raised by REPLACEMENT_BUMP (geth's pool takes a
 *    replacement only at ≥ 10 % more on both: `--txpool.pricebump`,
 *    https://geth.ethereum.org/docs/fundamentals/command-line-options) and at least that estimate. Priced at the
 *    market, it is left alone: raising it round after round would pay any fee for a node that does not relay.
 *
 * Gas is the venue's cost (the user pays the chain's withdrawal fee): a fixed limit of ETH_TRANSFER_GAS or
 * TOKEN_TRANSFER_GAS, not an estimate, so a transfer that will revert (a recipient contract that refuses ETH) is
 * mined, fails and returns the funds instead of being retried forever. A withdrawal the hot wallet cannot pay yet is
 * not signed at all: it waits, frozen, until sweeps or an operator fund the hot wallet (withdrawal-transfer.ts).
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Hex, LocalAccount, PublicClient } from 'viem'
import { CONFIRMATIONS_WITHDRAW } from '../../common/api/assets'
import { parseDecimal } from '../../common/amount'
import type { Db } from '../db/client'
import { hotWallets, withdrawals, withdrawalTxs } from '../db/schema'
import { moneyTransaction } from '../ledger/idempotent'
import { settleFrozen } from '../money/withdrawals'
import { emitEvents } from '../stream/events'
import { noticeEvent } from '../stream/trading-events'
import type { EvmCustody } from './evm-custody'
import type { DepositKeyring } from './signer-key'
import { hotWalletCovers, shortLogged, transferOf } from './withdrawal-transfer'

export { ETH_TRANSFER_GAS, TOKEN_TRANSFER_GAS } from './withdrawal-transfer'

/** A replacement's fees: the replaced one's × 1.125 (numerator/denominator), above geth's 10 % minimum. */
export const REPLACEMENT_BUMP = { num: 1125n, den: 1000n } as const

/** A transaction not mined after this long is replaced with higher fees, ms. */
export const REPLACE_AFTER_MS = 60_000

/** Withdrawals handled per round (each kind). */
const ROUND_LIMIT = 50

/** What the signer needs. */
export interface SignerDeps {
  db: Db
  /** The node (reads, broadcasts). */
  client: PublicClient
  custody: EvmCustody
  /** The hot wallet (signer-key.ts). */
  account: LocalAccount
  log?: (line: string) => void
  /** See REPLACE_AFTER_MS. */
  replaceAfterMs?: number
  /** Clock, ms. */
  now?: () => number
}

/** What a round did. */
export interface SignerRound {
  sent: number
  /** Withdrawals left waiting: the hot wallet holds less than they need (until a sweep or an operator funds it). */
  short: number
  rebroadcast: number
  replaced: number
  paid: number
  failed: number
}

type TxRow = typeof withdrawalTxs.$inferSelect
type WithdrawalRow = typeof withdrawals.$inferSelect

/** One round: send the new, follow the sent. Errors of one withdrawal are logged and leave it for the next round. */
export async function signerRound(deps: SignerDeps): Promise<SignerRound> {
  const done: SignerRound = { sent: 0, short: 0, rebroadcast: 0, replaced: 0, paid: 0, failed: 0 }
  const log = deps.log ?? (() => {})
  const sending = await deps.db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'sending'), eq(withdrawals.network, deps.custody.network)))
    .orderBy(asc(withdrawals.id))
    .limit(ROUND_LIMIT)
  if (sending.length === 0) return done
  const txs = await deps.db
    .select()
    .from(withdrawalTxs)
    .where(
      inArray(
        withdrawalTxs.withdrawalId,
        sending.map((w) => w.id),
      ),
    )
    .orderBy(asc(withdrawalTxs.id))
  const byWithdrawal = new Map<number, TxRow[]>()
  for (const t of txs) byWithdrawal.set(t.withdrawalId, [...(byWithdrawal.get(t.withdrawalId) ?? []), t])
  const tip = await deps.client.getBlockNumber({ cacheTime: 0 })
  for (const w of sending) {
    try {
      const sent = byWithdrawal.get(w.id)
      if (!sent) {
        const outcome = await send(deps, w)
        if (outcome !== 'taken') done[outcome]++
      } else {
        const outcome = await follow(deps, w, sent, tip)
        if (outcome !== 'waiting') done[outcome]++
      }
    } catch (err) {
      log(
        `[signer] withdrawal ${w.id}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}; again next round`,
      )
    }
  }
  return done
}

/**
 * Signs `w`'s first transaction at the next nonce, stores it, then broadcasts it: `sent`; `short` when the hot
 * wallet cannot pay it yet (hotWalletCovers); `taken` when another signer took it.
 */
async function send(deps: SignerDeps, w: WithdrawalRow): Promise<'sent' | 'short' | 'taken'> {
  const { keccak256 } = await import('viem')
  const { client, custody, account } = deps
  const from = account.address.toLowerCase()
  const [pendingCount, fees, transfer] = await Promise.all([
    client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
    client.estimateFeesPerGas(),
    transferOf(custody, w),
  ])
  const covered = await hotWalletCovers(deps, w, transfer, fees.maxFeePerGas)
  if (!covered.ok) {
    const now = Date.now()
    if (now - (shortLogged.get(w.id) ?? 0) >= 60_000) {
      shortLogged.set(w.id, now)
      deps.log?.(
        `[signer] withdrawal ${w.id}: ${parseDecimal(w.amount)} ${w.currency} waits: the hot wallet holds ${covered.holds}`,
      )
    }
    return 'short'
  }
  shortLogged.delete(w.id)
  const signed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, 'sending')))
      .for('update', { skipLocked: true })
    if (!row) return undefined
    const [already] = await tx
      .select({ id: withdrawalTxs.id })
      .from(withdrawalTxs)
      .where(eq(withdrawalTxs.withdrawalId, w.id))
      .limit(1)
    if (already) return undefined
    const nonce = await takeHotNonce(tx, custody.network, from, pendingCount)
    const raw = await account.signTransaction({
      type: 'eip1559',
      chainId: custody.chainId,
      nonce,
      ...transfer,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    })
    const hash = keccak256(raw)
    await tx.insert(withdrawalTxs).values({
      withdrawalId: w.id,
      network: custody.network,
      fromAddress: from,
      nonce,
      txHash: hash,
      raw,
      maxFeePerGas: fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
    })
    await tx.update(withdrawals).set({ txHash: hash }).where(eq(withdrawals.id, w.id))
    return { raw, hash, nonce }
  })
  if (!signed) return 'taken'
  deps.log?.(
    `[signer] withdrawal ${w.id}: ${parseDecimal(w.amount)} ${w.currency} to ${w.address}, nonce ${signed.nonce}, ${signed.hash}`,
  )
  await broadcast(deps, signed.raw)
  return 'sent'
}

/**
 * The hot wallet's next nonce, taken: the larger of its `hot_wallets` row's and the node's pending count, the row
 * locked until `tx` ends and moved past it. Every transaction of the hot wallet (withdrawals, sweep gas) takes its
 * nonce here, so two signer processes never sign two transactions at one nonce.
 */
export async function takeHotNonce(tx: Db, network: string, from: string, pendingCount: number): Promise<number> {
  await tx.insert(hotWallets).values({ network, address: from, nextNonce: pendingCount }).onConflictDoNothing()
  const [wallet] = await tx
    .select({ nextNonce: hotWallets.nextNonce })
    .from(hotWallets)
    .where(and(eq(hotWallets.network, network), eq(hotWallets.address, from)))
    .for('update')
  const nonce = Math.max(wallet!.nextNonce, pendingCount)
  await tx
    .update(hotWallets)
    .set({ nextNonce: nonce + 1, updatedAt: new Date() })
    .where(and(eq(hotWallets.network, network), eq(hotWallets.address, from)))
  return nonce
}

/** Broadcasts signed bytes; "already known" and "nonce too low" (mined, or a sibling mined) are not errors. */
export async function broadcast(deps: SignerDeps, raw: Hex): Promise<void> {
  try {
    await deps.client.sendRawTransaction({ serializedTransaction: raw })
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err)
    if (/already known|nonce too low|nonce has already been used|known transaction/i.test(text)) return
    throw err
  }
}

/** The receipt of `hash`, or null while it is not mined (or not known). */
export async function receiptOf(client: PublicClient, hash: Hex) {
  try {
    return await client.getTransactionReceipt({ hash })
  } catch (err) {
    if (err instanceof Error && err.name === 'TransactionReceiptNotFoundError') return null
    throw err
  }
}

/** Follows `w`'s transactions: settles it at 6 confirmations, or broadcasts again / replaces while none is mined. */
async function follow(
  deps: SignerDeps,
  w: WithdrawalRow,
  sent: TxRow[],
  tip: bigint,
): Promise<'paid' | 'failed' | 'rebroadcast' | 'replaced' | 'waiting'> {
  for (const t of [...sent].reverse()) {
    const receipt = await receiptOf(deps.client, t.txHash as Hex)
    if (!receipt) continue
    const confirmations = Number(tip - receipt.blockNumber + 1n)
    if (confirmations < CONFIRMATIONS_WITHDRAW) {
      await deps.db
        .update(withdrawals)
        .set({ txHash: t.txHash, confirmations })
        .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, 'sending')))
      return 'waiting'
    }
    const ok = receipt.status === 'success'
    return (await settle(deps, w.id, t.txHash, confirmations, ok)) ? (ok ? 'paid' : 'failed') : 'waiting'
  }
  const latest = sent.at(-1)!
  const known = await deps.client.getTransaction({ hash: latest.txHash as Hex }).catch(() => null)
  if (!known) {
    deps.log?.(`[signer] withdrawal ${w.id}: the node does not know ${latest.txHash}: broadcast again`)
    await broadcast(deps, latest.raw as Hex)
    return 'rebroadcast'
  }
  const now = deps.now?.() ?? Date.now()
  if (now - latest.createdAt.getTime() < (deps.replaceAfterMs ?? REPLACE_AFTER_MS)) return 'waiting'
  return (await replace(deps, w, latest)) ? 'replaced' : 'waiting'
}

/** Ends `w`: paid (or failed: refunded) once, by a conditional update of a `sending` row. */
async function settle(deps: SignerDeps, id: number, txHash: string, confirmations: number, ok: boolean) {
  return moneyTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(withdrawals)
      .set({ status: ok ? 'paid' : 'failed', txHash, confirmations })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'sending')))
      .returning()
    if (!row) return false
    await settleFrozen(tx, row, ok ? 'withdraw_approve' : 'withdraw_fail', 'signer')
    await emitEvents(tx, [noticeEvent(row.userId, 'withdrawal_reviewed', row.id, { state: row.status })])
    deps.log?.(
      `[signer] withdrawal ${id}: ${ok ? 'paid' : 'FAILED on chain, refunded'} (${txHash}, ${confirmations} confirmations)`,
    )
    return true
  })
}

/** Fees of `v` (wei, decimal string) × REPLACEMENT_BUMP, rounded up. */
export const bumped = (v: string) =>
  (BigInt(v) * REPLACEMENT_BUMP.num + REPLACEMENT_BUMP.den - 1n) / REPLACEMENT_BUMP.den

/**
 * Signs `latest`'s transfer again at its nonce with both fees raised, stores it, broadcasts it — only when the market
 * moved above it (the node's estimate is higher than its max fee): one not mined for another reason is never
 * re-priced round after round. False when it was not replaced.
 */
async function replace(deps: SignerDeps, w: WithdrawalRow, latest: TxRow): Promise<boolean> {
  const { keccak256 } = await import('viem')
  const { client, custody, account } = deps
  const [estimate, transfer] = await Promise.all([client.estimateFeesPerGas(), transferOf(custody, w)])
  if (estimate.maxFeePerGas <= BigInt(latest.maxFeePerGas)) return false
  const maxPriorityFeePerGas = max(bumped(latest.maxPriorityFeePerGas), estimate.maxPriorityFeePerGas)
  const maxFeePerGas = max(bumped(latest.maxFeePerGas), estimate.maxFeePerGas, maxPriorityFeePerGas)
  const raw = await account.signTransaction({
    type: 'eip1559',
    chainId: custody.chainId,
    nonce: latest.nonce,
    ...transfer,
    maxFeePerGas,
    maxPriorityFeePerGas,
  })
  const hash = keccak256(raw)
  await deps.db.transaction(async (tx) => {
    await tx.insert(withdrawalTxs).values({
      withdrawalId: w.id,
      network: custody.network,
      fromAddress: latest.fromAddress,
      nonce: latest.nonce,
      txHash: hash,
      raw,
      maxFeePerGas: maxFeePerGas.toString(),
      maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
    })
    await tx
      .update(withdrawals)
      .set({ txHash: hash })
      .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, 'sending')))
  })
  deps.log?.(
    `[signer] withdrawal ${w.id}: ${latest.txHash} not mined: replaced by ${hash} (max fee ${maxFeePerGas} wei)`,
  )
  await broadcast(deps, raw)
  return true
}

export function max(...values: bigint[]): bigint {
  return values.reduce((a, b) => (b > a ? b : a))
}

/** A running signer loop. */
export interface RunningSigner {
  stop(): Promise<void>
}

/**
 * Runs `signerRound` every `intervalMs` (default 1 s) until stopped, then, given the deposit keys (`keys`), a sweep
 * round (server/custody/sweeper.ts); a failed round is logged and retried.
 */
export function startSigner(deps: SignerDeps & { intervalMs?: number; keys?: DepositKeyring }): RunningSigner {
  const log = deps.log ?? (() => {})
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  const tick = () => {
    running = signerRound(deps)
      .then(async () => {
        if (deps.keys) await (await import('./sweeper')).sweepRound({ ...deps, keys: deps.keys })
      })
      .then(
        () => {},
        (err: unknown) =>
          log(`[signer] round failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`),
      )
    void running.then(() => {
      if (!stopped) timer = setTimeout(tick, deps.intervalMs ?? 1000)
    })
  }
  log(`[signer] hot wallet ${deps.account.address} on ${deps.custody.network}`)
  tick()
  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
