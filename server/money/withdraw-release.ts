/**
 * The end of a withdrawal's security hold (issue 24 part 7: "waits 24 h or for an operator"). A held withdrawal
 * (money/withdraw-hold.ts) waits in the review queue until its `hold_until`; from then on it is treated as if it had
 * just been asked: a pair sent on chain within the user's daily automatic limit goes to the signer (`sending`, as a
 * request without a hold does), anything else stays in the review queue for an operator, its hold cleared so that
 * neither the user nor the operator is shown a hold that is over. What the owner did during the hold counts: a
 * security change since the request (a password reset) holds it again from that change, and an account disabled,
 * the address deleted from the address book, withdrawals paused on the chain or a withdrawal lock (a debt, a deposit
 * short of its confirmations) leave it to an operator. Binance releases withdrawals held after a security
 * change the same way once the 24 h have passed.
 *
 * Runs in every `jobs` process every RELEASE_PASS_MS; each withdrawal once: the hold is cleared by a conditional
 * update of a row that is still `pending` with its hold over, so two processes, or the job and an operator's approve
 * or reject, end with one winner. Then the user's live spot account row for the currency is locked, as a request's
 * posting locks it, so a release and a new request of the same user are counted against the daily limit in turn.
 * Times are the database's clock, as the hold's.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm'
import { parseDecimal } from '../../common/amount'
import { audit } from '../auth/audit'
import type { Db } from '../db/client'
import { chains, coinAddresses, ledgerAccounts, users, withdrawals } from '../db/schema'
import { moneyTransaction } from '../ledger/idempotent'
import { emitEvents } from '../stream/events'
import { noticeEvent } from '../stream/trading-events'
import { withinAutoLimit } from './withdraw-auto-limit'
import { holdOf } from './withdraw-hold'
import { lockReason, withdrawLocks } from './withdraw-lock'

type WithdrawalRow = typeof withdrawals.$inferSelect

/** How often a jobs process looks for holds that are over, ms. */
export const RELEASE_PASS_MS = 30_000
/** Withdrawals looked at per pass at most (the next pass takes the rest). */
export const RELEASE_LIMIT = 100

/**
 * What one pass did: withdrawals sent to the signer; left for an operator with their hold cleared; held again (a
 * security change since the request starts a new hold); and failed (tried again at the next pass).
 */
export interface ReleaseCounts {
  sent: number
  review: number
  held: number
  failed: number
}

/**
 * Ends every hold that is over (at most RELEASE_LIMIT per call), one transaction per withdrawal. Answers what it did.
 * A withdrawal an operator decided meanwhile is left alone.
 */
export async function releaseHeldWithdrawals(db: Db, log?: (line: string) => void): Promise<ReleaseCounts> {
  const due = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'pending'), lte(withdrawals.holdUntil, sql`now()`)))
    .orderBy(asc(withdrawals.id))
    .limit(RELEASE_LIMIT)
  const counts: ReleaseCounts = { sent: 0, review: 0, held: 0, failed: 0 }
  for (const { id } of due) {
    try {
      const outcome = await releaseOne(db, id)
      if (outcome) counts[outcome]++
    } catch (err) {
      // One withdrawal that fails (its row, a constraint) must not hold back the ones after it: tried again next pass.
      counts.failed++
      log?.(`[withdrawals] releasing withdrawal ${id} failed: ${(err as Error).message}`)
    }
  }
  return counts
}

/**
 * Why a withdrawal whose hold is over must not go out without an operator, though within the limit: what the owner
 * did meanwhile (deleted the address, an operator disabled the account, withdrawals on the chain paused), or a lock
 * (a debt, a deposit short of its confirmations). Undefined: nothing stands in the way.
 */
async function reasonToReview(tx: Db, row: WithdrawalRow): Promise<string | undefined> {
  const [user] = await tx.select({ status: users.status }).from(users).where(eq(users.id, row.userId))
  if (user?.status !== 'active') return 'account disabled'
  const [chain] = await tx
    .select({ enabled: chains.withdrawEnabled })
    .from(chains)
    .where(and(eq(chains.currency, row.currency), eq(chains.chain, row.chain)))
  if (!chain?.enabled) return 'withdrawals paused on the chain'
  if (lockReason(await withdrawLocks(tx, row.userId), row.currency) !== undefined) return 'locked'
  return undefined
}

async function releaseOne(db: Db, id: number): Promise<keyof ReleaseCounts | undefined> {
  return moneyTransaction(db, async (tx) => {
    // The row first, as an operator's decision takes it (then the ledger's rows): no lock order to deadlock on.
    const [row] = await tx
      .update(withdrawals)
      .set({ holdUntil: null, holdReason: null })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending'), lte(withdrawals.holdUntil, sql`now()`)))
      .returning()
    if (!row) return undefined
    // The lock a request of this user takes with its posting: the daily limit is counted under it.
    await tx.execute(
      sql`select id from ${ledgerAccounts} where ${ledgerAccounts.owner} = ${`user:${row.userId}`}
          and ${ledgerAccounts.book} = 'live' and ${ledgerAccounts.wallet} = 'spot'
          and ${ledgerAccounts.currency} = ${row.currency} for update`,
    )
    const what = `withdrawal ${row.id} of user ${row.userId}: ${parseDecimal(row.amount)} ${row.currency} + fee ${parseDecimal(row.fee)}`
    const [address] = await tx
      .select({ id: coinAddresses.id })
      .from(coinAddresses)
      .where(
        and(
          eq(coinAddresses.userId, row.userId),
          eq(coinAddresses.currency, row.currency),
          eq(coinAddresses.chain, row.chain),
          eq(coinAddresses.address, row.address),
        ),
      )
    // A security change since the request (a password reset by the owner who saw it): held again, from that change.
    const again = address ? await holdOf(tx, row.userId, address.id) : null
    if (again) {
      await tx
        .update(withdrawals)
        .set({ holdUntil: again.until, holdReason: again.reason })
        .where(eq(withdrawals.id, row.id))
      return 'held'
    }
    const why = address ? await reasonToReview(tx, row) : 'address no longer saved'
    const send =
      why === undefined && row.network !== null && (await withinAutoLimit(tx, row.userId, row.currency, row.id))
    if (!send) {
      await audit(tx, {
        userId: row.userId,
        action: 'withdraw_hold_end',
        result: 'ok',
        detail: `${what} (hold over: to review${why ? `, ${why}` : ''})`,
      })
      return 'review'
    }
    await tx
      .update(withdrawals)
      .set({ status: 'sending', reviewedAt: sql`now()` })
      .where(eq(withdrawals.id, row.id))
    await audit(tx, {
      userId: row.userId,
      action: 'withdraw_approve',
      result: 'ok',
      detail: `${what} (hold over: to the signer, within the daily limit)`,
    })
    await emitEvents(tx, [noticeEvent(row.userId, 'withdrawal_reviewed', row.id, { state: 'sending' })])
    return 'sent'
  })
}

/** The release job of a jobs process: a pass every `intervalMs` (default RELEASE_PASS_MS); `stop` waits for one running. */
export function startWithdrawRelease(deps: { db: Db; intervalMs?: number; log?: (line: string) => void }): {
  pass(): Promise<ReleaseCounts>
  stop(): Promise<void>
} {
  let running: Promise<ReleaseCounts> | undefined
  const pass = () =>
    (running ??= releaseHeldWithdrawals(deps.db, deps.log)
      .then((c) => {
        if (c.sent + c.review + c.held > 0) {
          deps.log?.(`[withdrawals] holds over: ${c.sent} to the signer, ${c.review} to review, ${c.held} held again`)
        }
        return c
      })
      .catch((err: unknown) => {
        deps.log?.(`[withdrawals] releasing held withdrawals failed: ${(err as Error).message}`)
        return { sent: 0, review: 0, held: 0, failed: 0 }
      })
      .finally(() => {
        running = undefined
      }))
  const timer = setInterval(() => void pass(), deps.intervalMs ?? RELEASE_PASS_MS)
  timer.unref()
  return {
    pass,
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
