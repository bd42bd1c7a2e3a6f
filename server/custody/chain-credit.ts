/**
 * Crediting a processed block's transfers (server/custody/chain-watcher.ts `applyBlock`, inside the block's own
 * database transaction, under the network cursor's lock) with a number of statements that does not grow with the
 * transfers: one read of the pending rows they take over, one insert of the new deposits, one batch of ledger postings
 * (server/ledger/post-many.ts), one read of debts. A block of 1,000 deposits is thus a handful of round trips, not
 * thousands (`npm run bench -- custody`).
 *
 * Same rules as one by one: a transfer the watcher saw in the mempool turns its `pending` row (the oldest one of the
 * same tx hash key, recipient and currency) into the credited one; any other is inserted `credited`, unless the unique
 * index `deposits_chain_event` (one live row per network, tx hash key and log index) already holds it — then nothing
 * is credited for it (a second watcher, a restart). Each credit is a `deposit` posting under the reference
 * `deposit:<id>` from `system:deposits` to the user's spot wallet; a user who owes the debt of a reversed deposit of
 * the currency repays it from the wallet afterwards (server/custody/chain-ledger.ts `repayDebts`).
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Block } from 'viem'
import { negate } from '../../common/amount'
import type { Db } from '../db/client'
import { deposits } from '../db/schema'
import type { Posting } from '../ledger/post'
import { postTransactions } from '../ledger/post-many'
import { txHashKey } from '../money/tx-hash'
import { repayDebts } from './chain-ledger'
import type { Found } from './chain-scan'

/** Rows per INSERT (14 parameters each, well under PostgreSQL's 65,535). */
const INSERT_CHUNK = 2000

/** Credits `found` (each at or above its pair's minimum) as mined in `block`; answers how many were credited. */
export async function creditAll(
  tx: Db,
  network: string,
  block: Block<bigint, true>,
  found: readonly Found[],
): Promise<number> {
  if (found.length === 0) return 0
  const mined = (f: Found) => ({
    amount: f.amount,
    fromAddress: f.from,
    logIndex: f.logIndex,
    blockNumber: Number(block.number),
    blockHash: block.hash!,
    status: 'credited' as const,
  })
  const keyed = found.map((f) => ({ f, key: txHashKey(f.chain, f.txHash) }))
  const pending = await tx
    .select({ id: deposits.id, key: deposits.txHashKey, to: deposits.toAddress, currency: deposits.currency })
    .from(deposits)
    .where(
      and(
        eq(deposits.source, 'chain'),
        eq(deposits.network, network),
        eq(deposits.status, 'pending'),
        inArray(deposits.txHashKey, [...new Set(keyed.map((k) => k.key))]),
      ),
    )
    .orderBy(asc(deposits.id))
  const waiting = new Map<string, number[]>()
  for (const p of pending) {
    const k = `${p.key}|${p.to}|${p.currency}`
    waiting.set(k, [...(waiting.get(k) ?? []), p.id])
  }
  const credits: { f: Found; id: number }[] = []
  const fresh: typeof keyed = []
  for (const { f, key } of keyed) {
    const id = waiting.get(`${key}|${f.to}|${f.currency}`)?.shift()
    if (id === undefined) {
      fresh.push({ f, key })
      continue
    }
    await tx.update(deposits).set(mined(f)).where(eq(deposits.id, id))
    credits.push({ f, id })
  }
  for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
    const chunk = fresh.slice(i, i + INSERT_CHUNK)
    const rows = await tx
      .insert(deposits)
      .values(
        chunk.map(({ f, key }) => ({
          ...mined(f),
          userId: f.userId,
          currency: f.currency,
          chain: f.chain,
          toAddress: f.to,
          txHash: f.txHash,
          txHashKey: key,
          source: 'chain' as const,
          network,
        })),
      )
      .onConflictDoNothing({
        target: [deposits.network, deposits.txHashKey, deposits.logIndex],
        where: sql`${deposits.source} = 'chain' and ${deposits.status} <> 'reversed'`,
      })
      .returning({ id: deposits.id, key: deposits.txHashKey, logIndex: deposits.logIndex })
    const byEvent = new Map(rows.map((r) => [`${r.key}|${r.logIndex}`, r.id]))
    for (const { f, key } of chunk) {
      const id = byEvent.get(`${key}|${f.logIndex}`)
      if (id !== undefined) credits.push({ f, id })
    }
  }
  await postTransactions(
    tx,
    credits.map(({ f, id }): Posting => ({
      kind: 'deposit',
      book: 'live',
      userId: f.userId,
      reference: `deposit:${id}`,
      actor: 'system',
      entries: [
        { owner: { system: 'deposits' }, currency: f.currency, bucket: 'available', amount: negate(f.amount) },
        { owner: { userId: f.userId, wallet: 'spot' }, currency: f.currency, bucket: 'available', amount: f.amount },
      ],
    })),
  )
  // Debts of reversed deposits, repaid from the wallet after the block's credits (rare: one read finds them).
  const lastCredit = new Map<string, { userId: number; currency: string; id: number }>()
  for (const { f, id } of credits) {
    const k = `${f.userId}|${f.currency}`
    if ((lastCredit.get(k)?.id ?? 0) < id) lastCredit.set(k, { userId: f.userId, currency: f.currency, id })
  }
  if (lastCredit.size > 0) {
    const owing = await tx
      .selectDistinct({ userId: deposits.userId, currency: deposits.currency })
      .from(deposits)
      .where(
        and(
          eq(deposits.status, 'reversed'),
          gt(deposits.debt, '0'),
          inArray(deposits.userId, [...new Set(credits.map((c) => c.f.userId))]),
        ),
      )
    for (const o of owing) {
      const credit = lastCredit.get(`${o.userId}|${o.currency}`)
      if (credit) await repayDebts(tx, credit.userId, credit.currency, credit.id)
    }
  }
  return credits.length
}
