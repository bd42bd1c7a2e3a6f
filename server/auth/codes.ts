/**
 * Verification codes (ASVS 6.6): six digits from the CSPRNG, stored only as SHA-256 (bound to the address and the
 * purpose), valid CODE_TTL_S, single use, dead after CODE_MAX_ATTEMPTS wrong tries. Asking again replaces the live
 * code: only the newest one works.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { CODE_TTL_S } from '../../common/api/account'
import type { Db } from '../db/client'
import { verificationCodes, type CodePurpose } from '../db/schema'

/** Tries per code, right one included (a sixth try is refused even if right). */
export const CODE_MAX_ATTEMPTS = 5

/** Where a code goes: `target` is the e-mail or `<area_code> <phone>`. */
export interface CodeTarget {
  channel: 'email' | 'sms'
  target: string
  purpose: CodePurpose
}

function codeHash(t: Pick<CodeTarget, 'target' | 'purpose'>, code: string): Buffer {
  return createHash('sha256').update(`${t.purpose}\n${t.target}\n${code}`).digest()
}

/**
 * Makes a new code for `t`, ending any live one. Returns the code (to send; never stored in clear) and its row id.
 * @param now ms since the epoch
 */
export async function issueCode(db: Db, t: CodeTarget, now = Date.now()): Promise<{ code: string; id: number }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await db
    .update(verificationCodes)
    .set({ consumedAt: new Date(now) })
    .where(and(liveFor(t), isNull(verificationCodes.consumedAt)))
  const [row] = await db
    .insert(verificationCodes)
    .values({
      channel: t.channel,
      target: t.target,
      purpose: t.purpose,
      codeHash: codeHash(t, code).toString('hex'),
      expiresAt: new Date(now + CODE_TTL_S * 1000),
      createdAt: new Date(now),
    })
    .returning({ id: verificationCodes.id })
  return { code, id: row!.id }
}

function liveFor(t: Pick<CodeTarget, 'target' | 'purpose'>) {
  return and(eq(verificationCodes.target, t.target), eq(verificationCodes.purpose, t.purpose))
}

/** When the last code to `target` (any purpose) was made, ms since the epoch, or null. */
export async function lastCodeAt(db: Db, target: string): Promise<number | null> {
  const [row] = await db
    .select({ at: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(eq(verificationCodes.target, target))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
  return row ? row.at.getTime() : null
}

/** Why a code was not accepted (keys of the auth messages). */
export type CodeProblem = 'codeWrong' | 'codeExpired' | 'codeTooManyAttempts'

/**
 * Checks `code` against the live code of `t`, spending one attempt (atomically: of parallel guesses at most
 * CODE_MAX_ATTEMPTS are compared). The attempt is recorded even when the caller's transaction later fails.
 * A match is not consumed yet: call consumeCode in the transaction that uses it.
 */
export async function checkCode(
  db: Db,
  t: Pick<CodeTarget, 'target' | 'purpose'>,
  code: string,
  now = Date.now(),
): Promise<{ ok: true; id: number } | { ok: false; problem: CodeProblem }> {
  const [live] = await db
    .select({ id: verificationCodes.id, attempts: verificationCodes.attempts, expiresAt: verificationCodes.expiresAt })
    .from(verificationCodes)
    .where(and(liveFor(t), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
  if (!live || live.expiresAt.getTime() <= now) return { ok: false, problem: 'codeExpired' }
  const [claimed] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, live.id),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
        gt(verificationCodes.expiresAt, new Date(now)),
      ),
    )
    .returning({ hash: verificationCodes.codeHash, attempts: verificationCodes.attempts })
  if (!claimed)
    return { ok: false, problem: live.attempts >= CODE_MAX_ATTEMPTS ? 'codeTooManyAttempts' : 'codeExpired' }
  if (timingSafeEqual(Buffer.from(claimed.hash, 'hex'), codeHash(t, code))) return { ok: true, id: live.id }
  return { ok: false, problem: claimed.attempts >= CODE_MAX_ATTEMPTS ? 'codeTooManyAttempts' : 'codeWrong' }
}

/** Marks the checked code used; false when a parallel request used it first. Call inside the using transaction. */
export async function consumeCode(db: Db, id: number, now = Date.now()): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: new Date(now) })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id })
  return rows.length === 1
}

/** Removes a code nobody received (its delivery failed). */
export async function deleteCode(db: Db, id: number): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id))
}
