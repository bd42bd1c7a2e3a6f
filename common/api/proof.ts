/**
 * The proof of liabilities (issue 23 part 6): `GET proof/latest` (public) and `GET proof/mine` (signed in). The tree
 * and its verification are common/proof/merkle-sum.ts; money as decimal strings, tree sums as integer strings in
 * units of 10⁻¹⁸ (never JSON numbers).
 */
import * as z from 'zod/mini'

const hex32 = z.string().check(z.regex(/^[0-9a-f]{64}$/))
const money = z.string()
const units = z.string().check(z.regex(/^\d{1,80}$/))

/** One currency of a proof: what users are owed, and the reserves read from chain (null: not read, no chain). */
export const proofTotalSchema = z.object({ currency: z.string(), liabilities: money, reserves: z.nullable(money) })

/** GET proof/latest: the newest published proof, or null before the first. `totals` is the tree's currency order. */
export const proofLatestSchema = z.nullable(
  z.object({
    id: z.int(),
    created_at: z.string(),
    root: hex32,
    leaf_count: z.int(),
    totals: z.array(proofTotalSchema),
  }),
)
export type ProofLatest = z.infer<typeof proofLatestSchema>

/** A node of a path: its hash and sums (units of 10⁻¹⁸, in the proof's currency order). */
export const proofNodeSchema = z.object({ hash: hex32, sums: z.array(units) })

/**
 * GET proof/mine: the caller's leaf in the newest proof and the siblings up to the root; null when the caller had no
 * balance at that time (not in the tree).
 */
export const proofMineSchema = z.nullable(
  z.object({
    proof_id: z.int(),
    leaf: z.object({
      index: z.int(),
      user_id: z.int(),
      salt: hex32,
      /** In the proof's currency order. */
      balances: z.array(z.object({ currency: z.string(), amount: money })),
    }),
    path: z.array(proofNodeSchema),
  }),
)
export type ProofMine = z.infer<typeof proofMineSchema>
