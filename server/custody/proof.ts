/**
 * The proof of liabilities (issue 23 part 6): every user's live balances in a Merkle-sum tree (common/proof/merkle-sum.ts)
 * whose root and totals are published, and each user's path to check their own leaf.
 *
 * - A user's balance in a currency is Σ (available + frozen) over their live wallets (spot, contract, option): what the
 *   venue owes them in the ledger at that moment (frozen amounts are theirs too: open orders, margin, yield
 *   principal, pending withdrawals). Demo balances are not money and are left out. Unrealized PnL of open positions is
 *   not in it (the ledger's wallet balances are; a position's margin is in `frozen`).
 * - Read in one repeatable-read, read-only transaction: every balance of the same instant.
 * - Only users with a balance above 0 get a leaf; leaves are placed in a random order (their index says nothing of
 *   the user id); each gets a fresh 32-byte salt, given only to that user.
 * - Reserves: read from chain by the caller (`reserves`), null per currency when none was read.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { bytesToHex } from '@noble/hashes/utils.js'
import { parseDecimal, type DecimalString } from '../../common/amount'
import type { ProofLatest, ProofMine } from '../../common/api/proof'
import { amountOf, buildTree, leafNode, pathOf, sumOf, toWire, type SumTree } from '../../common/proof/merkle-sum'
import type { Db } from '../db/client'
import { formatUtc } from '../db/announcements'
import { liabilityProofLeaves, liabilityProofs, type ProofTotal } from '../db/schema'
import { rowsOf } from '../stream/events'

/** The tree node of a leaf as it is stored: balances as decimal strings in the proof's currency order. */
const storedLeaf = (l: { userId: number; salt: string; balances: readonly string[] }) =>
  leafNode({ userId: l.userId, salt: l.salt, balances: l.balances.map((b) => sumOf(b as DecimalString)) })

/** Leaves inserted per statement. */
const LEAF_BATCH = 1_000

/** What `publishProof` published. */
export interface PublishedProof {
  id: number
  root: string
  leafCount: number
  totals: ProofTotal[]
}

/**
 * Builds and stores a proof of the live balances now.
 * @param reserves the reserves per currency read from chain (missing currencies: null), if any were read
 */
export async function publishProof(db: Db, reserves?: ReadonlyMap<string, DecimalString>): Promise<PublishedProof> {
  const rows = await db.transaction(
    async (tx) =>
      rowsOf<{ user_id: number; currency: string; balance: string }>(
        await tx.execute(sql`
          select user_id, currency, sum(available + frozen)::text as balance from ledger_accounts
          where book = 'live' and user_id is not null
          group by user_id, currency having sum(available + frozen) > 0
          order by user_id, currency`),
      ),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  const currencies = [...new Set(rows.map((r) => r.currency))].sort()
  const column = new Map(currencies.map((c, i) => [c, i]))
  const byUser = new Map<number, string[]>()
  for (const r of rows) {
    const userId = Number(r.user_id)
    const balances = byUser.get(userId) ?? currencies.map(() => '0')
    balances[column.get(r.currency)!] = parseDecimal(r.balance)
    byUser.set(userId, balances)
  }
  // Fisher–Yates with the CSPRNG: a leaf's place tells nothing.
  const users = [...byUser.keys()]
  for (let i = users.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[users[i], users[j]] = [users[j]!, users[i]!]
  }
  const leaves = users.map((userId, index) => ({
    userId,
    index,
    salt: randomBytes(32).toString('hex'),
    balances: byUser.get(userId)!,
  }))
  const tree = buildTree(leaves.map(storedLeaf), currencies.length)
  const root = tree.nodes[1]!
  const totals: ProofTotal[] = currencies.map((currency, i) => ({
    currency,
    liabilities: amountOf(root.sums[i]!),
    reserves: reserves?.get(currency) ?? null,
  }))
  const rootHex = bytesToHex(root.hash)
  const id = await db.transaction(async (tx) => {
    const [proof] = await tx
      .insert(liabilityProofs)
      .values({ root: rootHex, leafCount: leaves.length, totals })
      .returning({ id: liabilityProofs.id })
    for (let i = 0; i < leaves.length; i += LEAF_BATCH) {
      await tx.insert(liabilityProofLeaves).values(
        leaves.slice(i, i + LEAF_BATCH).map((l) => ({
          proofId: proof!.id,
          userId: l.userId,
          leafIndex: l.index,
          salt: l.salt,
          balances: l.balances,
        })),
      )
    }
    return proof!.id
  })
  return { id, root: rootHex, leafCount: leaves.length, totals }
}

/** The newest proof, or null before the first (GET proof/latest). */
export async function latestProof(db: Db): Promise<ProofLatest> {
  const [p] = await db.select().from(liabilityProofs).orderBy(desc(liabilityProofs.id)).limit(1)
  if (!p) return null
  return { id: p.id, created_at: formatUtc(p.createdAt), root: p.root, leaf_count: p.leafCount, totals: p.totals }
}

/**
 * The tree of one proof, rebuilt from its leaves, kept for the newest proof asked for (one per process), by id and
 * root (another database in the process, or a restore that reuses an id, has another root).
 */
const trees = new Map<string, Promise<SumTree>>()

function treeOf(db: Db, proof: { id: number; root: string; totals: readonly unknown[] }): Promise<SumTree> {
  const key = `${proof.id}:${proof.root}`
  let tree = trees.get(key)
  if (!tree) {
    tree = db
      .select()
      .from(liabilityProofLeaves)
      .where(eq(liabilityProofLeaves.proofId, proof.id))
      .orderBy(asc(liabilityProofLeaves.leafIndex))
      .then((leaves) => {
        const built = buildTree(leaves.map(storedLeaf), proof.totals.length)
        // The stored leaves must give the published root, or every path answered would be wrong.
        if (bytesToHex(built.nodes[1]!.hash) !== proof.root) {
          throw new Error(`proof #${proof.id}: its leaves no longer hash to the published root`)
        }
        return built
      })
    trees.clear()
    trees.set(key, tree)
    tree.catch(() => trees.delete(key))
  }
  return tree
}

/** The caller's leaf and path in the newest proof, or null when they had no balance then (GET proof/mine). */
export async function myProof(db: Db, userId: number): Promise<ProofMine> {
  const [p] = await db.select().from(liabilityProofs).orderBy(desc(liabilityProofs.id)).limit(1)
  if (!p) return null
  const [leaf] = await db
    .select()
    .from(liabilityProofLeaves)
    .where(and(eq(liabilityProofLeaves.proofId, p.id), eq(liabilityProofLeaves.userId, userId)))
  if (!leaf) return null
  const tree = await treeOf(db, p)
  return {
    proof_id: p.id,
    leaf: {
      index: leaf.leafIndex,
      user_id: userId,
      salt: leaf.salt,
      balances: p.totals.map((t, i) => ({ currency: t.currency, amount: leaf.balances[i]! })),
    },
    path: pathOf(tree, leaf.leafIndex).map(toWire),
  }
}
