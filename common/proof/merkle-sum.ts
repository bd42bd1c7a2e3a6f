/**
 * Merkle-sum tree of liabilities (issue 23 part 6): every user's balances per currency in one tree whose root commits
 * to the total the venue owes in each currency, so that a user can check, from their own leaf and a path of sibling
 * nodes, that their balances are counted in the published totals — without learning who any other user is. What a
 * path does show, as in every plain Merkle-sum tree: the sums of the sibling subtrees, the first of which is one other
 * (anonymous, salted) leaf's balances. Splitting each balance over several leaves at random places, or a
 * zero-knowledge proof as the large exchanges have since published, would hide those too (not done here).
 * Built by the server (`npm run admin -- proof publish`), verified in the browser and by `npm run verify-proof`.
 *
 * Scheme (the Merkle-sum tree of G. Maxwell, as written out by V. Buterin, "Having a safe CEX: proof of solvency and
 * beyond", 2022-11-19, and its example code ethereum/research `proof_of_solvency/merkle_sum_tree.py`), for several
 * currencies at once:
 * - a node is a 32-byte hash and a vector of sums, one per currency of the proof, in whole units of LEDGER_SCALE
 *   (10⁻¹⁸ of a currency: the ledger's own precision, so no balance is rounded);
 * - a leaf: hash = SHA-256(0x00 ‖ salt ‖ user id ‖ sums), sums = the user's balances. The salt (32 random bytes per
 *   user and proof, given only to that user) keeps the leaf from telling who or how much;
 * - a parent: hash = SHA-256(0x01 ‖ left.hash ‖ left.sums ‖ right.hash ‖ right.sums), sums = left.sums + right.sums.
 *   The hash commits to each child's sums, not only to their total (the flaw of the first Merkle-sum trees: a
 *   prover could move value between siblings; Chalkias, Chatzigiannis and Ji, "Broken Proofs of Solvency in
 *   Blockchain Custodial Wallets and Exchanges", 2022), and every sum must be ≥ 0, checked at every step (a negative
 *   leaf would hide liabilities);
 * - sums are encoded as 32-byte big-endian unsigned integers; the 0x00/0x01 prefixes keep a leaf from passing as a
 *   parent (second-preimage separation, as RFC 6962 §2.1 does for certificate transparency);
 * - the leaves are padded with empty leaves (hash 32 zero bytes, sums 0) to a power of two; leaf `i` of the tree is
 *   node `size + i` of the flattened form, whose parent is node ⌊n/2⌋ and sibling node n XOR 1 (as the example code).
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { fromUnits, LEDGER_SCALE, toUnits, type DecimalString } from '../amount'

/** One node: its hash and its sums (one per currency of the proof, units of 10⁻¹⁸). */
export interface SumNode {
  hash: Uint8Array
  sums: bigint[]
}

/** A user's leaf as the proof's owner knows it. */
export interface LeafInput {
  /** 32 random bytes, hex. */
  salt: string
  userId: number
  /** Balances in the proof's currency order, units of 10⁻¹⁸ (each ≥ 0). */
  balances: bigint[]
}

/** Why a path did not verify (null when it did). */
export type ProofFailure =
  | 'negative-sum'
  | 'sum-out-of-range'
  | 'wrong-length'
  | 'wrong-root-hash'
  | 'wrong-root-sums'
  | 'bad-salt'
  | 'bad-index'

const SUM_BYTES = 32
const MAX_SUM = (1n << BigInt(SUM_BYTES * 8)) - 1n
const LEAF = Uint8Array.of(0)
const PARENT = Uint8Array.of(1)

/** The empty leaf that pads the tree: hash 32 zero bytes, every sum 0. */
export function emptyLeaf(currencies: number): SumNode {
  return { hash: new Uint8Array(32), sums: Array.from({ length: currencies }, () => 0n) }
}

/** A sum as 32 bytes big-endian. @throws RangeError when negative or above 2²⁵⁶ − 1. */
function sumBytes(v: bigint): Uint8Array {
  if (v < 0n || v > MAX_SUM) throw new RangeError(`sum out of range: ${v}`)
  return hexToBytes(v.toString(16).padStart(SUM_BYTES * 2, '0'))
}

const sumsBytes = (sums: readonly bigint[]) => concatBytes(...sums.map(sumBytes))

/** The leaf of a user. @throws RangeError on a salt that is not 32 bytes of hex or a negative balance. */
export function leafNode(leaf: LeafInput): SumNode {
  if (!/^[0-9a-f]{64}$/.test(leaf.salt)) throw new RangeError('salt: 32 bytes of lowercase hex expected')
  const hash = sha256(
    concatBytes(LEAF, hexToBytes(leaf.salt), utf8ToBytes(String(leaf.userId)), sumsBytes(leaf.balances)),
  )
  return { hash, sums: [...leaf.balances] }
}

/** The parent of two nodes. @throws RangeError when a child's sum is negative or the vectors differ in length. */
export function parentNode(left: SumNode, right: SumNode): SumNode {
  if (left.sums.length !== right.sums.length) throw new RangeError('sums of different lengths')
  const hash = sha256(concatBytes(PARENT, left.hash, sumsBytes(left.sums), right.hash, sumsBytes(right.sums)))
  return { hash, sums: left.sums.map((s, i) => s + right.sums[i]!) }
}

/** The smallest power of two ≥ n (1 for n ≤ 1). */
export function treeSize(n: number): number {
  let size = 1
  while (size < n) size *= 2
  return size
}

/**
 * A built tree in flattened form: `nodes[1]` is the root, `nodes[size + i]` leaf i, node n's children 2n and 2n + 1.
 */
export interface SumTree {
  size: number
  nodes: SumNode[]
}

/**
 * Builds the tree of `leaves` (in the order given: leaf i is `leaves[i]`), padded with empty leaves.
 * @param currencies how many sums each node carries (every leaf must have that many)
 * @throws RangeError on a negative balance or a leaf of another length
 */
export function buildTree(leaves: readonly SumNode[], currencies: number): SumTree {
  const size = treeSize(leaves.length)
  const nodes: SumNode[] = new Array<SumNode>(2 * size)
  const empty = emptyLeaf(currencies)
  for (let i = 0; i < size; i++) {
    const leaf = leaves[i] ?? empty
    if (leaf.sums.length !== currencies) throw new RangeError(`leaf ${i}: ${leaf.sums.length} sums, not ${currencies}`)
    nodes[size + i] = leaf
  }
  for (let n = size - 1; n >= 1; n--) nodes[n] = parentNode(nodes[2 * n]!, nodes[2 * n + 1]!)
  return { size, nodes }
}

/** The siblings from leaf `index` up to (not including) the root: the path its owner verifies. */
export function pathOf(tree: SumTree, index: number): SumNode[] {
  if (!Number.isInteger(index) || index < 0 || index >= tree.size) throw new RangeError(`no leaf ${index}`)
  const path: SumNode[] = []
  for (let n = tree.size + index; n > 1; n = Math.floor(n / 2)) path.push(tree.nodes[n ^ 1]!)
  return path
}

/**
 * Verifies that `leaf`, at `index` of a tree of `leafCount` leaves, is under `root`: every node's sums ≥ 0, the hashes
 * recomputed up the path equal the root's, and the root's sums equal `totals`.
 * @returns null when it verifies, else what failed
 */
export function verifyPath(p: {
  leaf: LeafInput
  index: number
  leafCount: number
  path: readonly SumNode[]
  root: Uint8Array
  totals: readonly bigint[]
}): ProofFailure | null {
  const size = treeSize(p.leafCount)
  if (!Number.isInteger(p.index) || p.index < 0 || p.index >= p.leafCount) return 'bad-index'
  if (p.path.length !== Math.log2(size)) return 'wrong-length'
  if (!/^[0-9a-f]{64}$/.test(p.leaf.salt)) return 'bad-salt'
  const all = [p.leaf.balances, ...p.path.map((n) => n.sums)]
  if (all.some((sums) => sums.length !== p.totals.length)) return 'wrong-length'
  if (all.some((sums) => sums.some((s) => s < 0n))) return 'negative-sum'
  if (all.some((sums) => sums.some((s) => s > MAX_SUM))) return 'sum-out-of-range'
  let node = leafNode(p.leaf)
  let n = size + p.index
  for (const sibling of p.path) {
    // A sum past 2²⁵⁶ − 1 has no encoding: a prover counting modulo 2²⁵⁶ could otherwise wrap a total to a small one.
    if (node.sums.some((s) => s > MAX_SUM)) return 'sum-out-of-range'
    node = n % 2 === 0 ? parentNode(node, sibling) : parentNode(sibling, node)
    n = Math.floor(n / 2)
  }
  if (node.sums.some((s) => s > MAX_SUM)) return 'sum-out-of-range'
  if (bytesToHex(node.hash) !== bytesToHex(p.root)) return 'wrong-root-hash'
  if (node.sums.some((s, i) => s !== p.totals[i])) return 'wrong-root-sums'
  return null
}

/** A balance as the tree's units (10⁻¹⁸). @throws AmountError on more than 18 decimals. */
export const sumOf = (amount: DecimalString): bigint => toUnits(amount, LEDGER_SCALE)

/** The tree's units back to a decimal string (trailing zeros as the amount module writes them). */
export const amountOf = (units: bigint): DecimalString => fromUnits(units, LEDGER_SCALE)

/** A node as the wire carries it: hash hex, sums as integer strings (units of 10⁻¹⁸, never JSON numbers). */
export interface WireNode {
  hash: string
  sums: string[]
}

/** `node` for the wire. */
export const toWire = (node: SumNode): WireNode => ({ hash: bytesToHex(node.hash), sums: node.sums.map(String) })

/** A wire node back. @throws RangeError on a hash that is not 32 bytes of hex or a sum that is not an integer. */
export function fromWire(w: WireNode): SumNode {
  if (!/^[0-9a-f]{64}$/.test(w.hash)) throw new RangeError('hash: 32 bytes of lowercase hex expected')
  return {
    hash: hexToBytes(w.hash),
    sums: w.sums.map((s) => {
      if (!/^-?\d{1,80}$/.test(s)) throw new RangeError(`sum: an integer expected, got ${s.slice(0, 20)}`)
      return BigInt(s)
    }),
  }
}
