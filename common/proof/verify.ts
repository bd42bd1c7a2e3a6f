/**
 * Checks a user's proof of liabilities (issue 23 part 6) from the two answers the server gives — `GET proof/latest`
 * and `GET proof/mine` — as the app does in the browser and `npm run verify-proof` does outside it: the schemas, then
 * common/proof/merkle-sum.ts `verifyPath` (hashes, sums, every sum ≥ 0, the root's sums = the published liabilities).
 */
import { hexToBytes } from '@noble/hashes/utils.js'
import * as z from 'zod/mini'
import type { DecimalString } from '../amount'
import { proofLatestSchema, proofMineSchema, type ProofLatest } from '../api/proof'
import { fromWire, sumOf, verifyPath, type ProofFailure } from './merkle-sum'

/** The file `npm run verify-proof` reads: both answers' `data`. */
export const proofFileSchema = z.object({ latest: proofLatestSchema, mine: proofMineSchema })

/** What a check found. */
export type ProofCheck =
  | { ok: true; proof: NonNullable<ProofLatest>; balances: { currency: string; amount: string }[] }
  | {
      ok: false
      failure: ProofFailure | 'malformed' | 'no-proof' | 'not-included' | 'other-proof' | 'not-yours'
      detail?: string
    }

/**
 * Checks `input` (unknown JSON: `{latest, mine}`) as the user `userId`: the leaf must be theirs (a venue could
 * otherwise hand one user another's leaf of the same balances and leave the first out). Never throws.
 */
export function checkProof(input: unknown, userId: number): ProofCheck {
  const parsed = proofFileSchema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, failure: 'malformed', detail: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}` }
  }
  const { latest, mine } = parsed.data
  if (!latest) return { ok: false, failure: 'no-proof' }
  if (!mine) return { ok: false, failure: 'not-included' }
  if (mine.proof_id !== latest.id) return { ok: false, failure: 'other-proof' }
  if (mine.leaf.user_id !== userId)
    return { ok: false, failure: 'not-yours', detail: `leaf of user ${mine.leaf.user_id}` }
  try {
    if (mine.leaf.balances.some((b, i) => b.currency !== latest.totals[i]?.currency)) {
      return { ok: false, failure: 'malformed', detail: 'leaf currencies differ from the proof' }
    }
    const failure = verifyPath({
      leaf: {
        userId: mine.leaf.user_id,
        salt: mine.leaf.salt,
        balances: mine.leaf.balances.map((b) => sumOf(b.amount as DecimalString)),
      },
      index: mine.leaf.index,
      leafCount: latest.leaf_count,
      path: mine.path.map(fromWire),
      root: hexToBytes(latest.root),
      totals: latest.totals.map((t) => sumOf(t.liabilities as DecimalString)),
    })
    return failure ? { ok: false, failure } : { ok: true, proof: latest, balances: mine.leaf.balances }
  } catch (err) {
    return { ok: false, failure: 'malformed', detail: err instanceof Error ? err.message : String(err) }
  }
}
