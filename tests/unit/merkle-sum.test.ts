/**
 * The Merkle-sum tree of the proof of liabilities (common/proof/merkle-sum.ts): every user's path verifies against the
 * root and totals, and what a cheating venue could try does not — a changed leaf, salt, sibling, index or total, a
 * negative or wrapped sum, and one root shown to two users with a sibling's sums told differently to each.
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  amountOf,
  buildTree,
  fromWire,
  leafNode,
  parentNode,
  pathOf,
  sumOf,
  toWire,
  verifyPath,
  type LeafInput,
  type SumNode,
} from '../../common/proof/merkle-sum'
import { parseDecimal } from '../../common/amount'

const salt = () => randomBytes(32).toString('hex')
const units = (...amounts: string[]) => amounts.map((a) => sumOf(parseDecimal(a)))

/** Users of three currencies (USDT, BTC, ETH), five of them: the tree pads to eight leaves. */
const users: LeafInput[] = [
  { userId: 1, salt: salt(), balances: units('20', '0', '0.5') },
  { userId: 2, salt: salt(), balances: units('50.000001', '0.00000001', '0') },
  { userId: 7, salt: salt(), balances: units('0', '0', '0') },
  { userId: 9, salt: salt(), balances: units('164.25', '1.5', '12') },
  { userId: 12, salt: salt(), balances: units('870', '0', '0.000000000000000001') },
]
const tree = buildTree(users.map(leafNode), 3)
const root = tree.nodes[1]!
const totals = root.sums

function check(i: number, change: Partial<Parameters<typeof verifyPath>[0]> = {}) {
  return verifyPath({
    leaf: users[i]!,
    index: i,
    leafCount: users.length,
    path: pathOf(tree, i),
    root: root.hash,
    totals,
    ...change,
  })
}

describe('Merkle-sum tree of liabilities', () => {
  it('sums every balance exactly into the root, per currency', () => {
    expect(tree.size).toBe(8)
    expect(totals.map(amountOf)).toEqual(
      ['1104.250001', '1.50000001', '12.500000000000000001'].map((a) => parseDecimal(a)),
    )
  })

  it("verifies every user's path against the root and the totals", () => {
    for (let i = 0; i < users.length; i++) expect(check(i)).toBeNull()
  })

  it('refuses a leaf with a balance changed by one unit, another salt, another user id or another index', () => {
    const u = users[3]!
    expect(check(3, { leaf: { ...u, balances: [u.balances[0]! + 1n, u.balances[1]!, u.balances[2]!] } })).toBe(
      'wrong-root-hash',
    )
    expect(check(3, { leaf: { ...u, salt: salt() } })).toBe('wrong-root-hash')
    expect(check(3, { leaf: { ...u, userId: 10 } })).toBe('wrong-root-hash')
    expect(check(3, { index: 2, path: pathOf(tree, 2) })).toBe('wrong-root-hash')
  })

  it('refuses a path with a sibling hash or sums changed, or the wrong length', () => {
    const path = pathOf(tree, 0)
    const hashChanged = path.map((n, i) => (i === 1 ? { ...n, hash: Uint8Array.from(n.hash, (b) => b ^ 1) } : n))
    expect(check(0, { path: hashChanged })).toBe('wrong-root-hash')
    // One unit moved from the first sibling to the second: the total at the root is the same, the hashes are not.
    const moved = path.map((n, i) =>
      i === 0
        ? { ...n, sums: n.sums.map((s, c) => (c === 0 ? s - 1n : s)) }
        : i === 1
          ? { ...n, sums: n.sums.map((s, c) => (c === 0 ? s + 1n : s)) }
          : n,
    )
    expect(check(0, { path: moved })).toBe('wrong-root-hash')
    expect(check(0, { path: path.slice(1) })).toBe('wrong-length')
  })

  it('refuses totals other than the root’s, and an index outside the tree', () => {
    expect(check(1, { totals: [totals[0]! - 1n, totals[1]!, totals[2]!] })).toBe('wrong-root-sums')
    expect(check(1, { index: 5 })).toBe('bad-index')
  })

  it('refuses a negative sum anywhere, and will not build a tree with one', () => {
    const path = pathOf(tree, 4)
    const negative = path.map((n, i) => (i === 2 ? { ...n, sums: [-5n, ...n.sums.slice(1)] } : n))
    expect(check(4, { path: negative })).toBe('negative-sum')
    expect(() => buildTree([leafNode({ userId: 1, salt: salt(), balances: [-1n] })], 1)).toThrow(RangeError)
  })

  it('refuses a sibling sum that would wrap a total modulo 2^256', () => {
    // A venue adding modulo 2²⁵⁶ could give a sibling 2²⁵⁶ − 1000 so that the root shows 1,000 less than it owes.
    const path = pathOf(tree, 0)
    const wrapped = path.map((n, i) => (i === 0 ? { ...n, sums: [(1n << 256n) - 1000n, ...n.sums.slice(1)] } : n))
    expect(check(0, { path: wrapped })).toBe('sum-out-of-range')
  })

  it('cannot show one root to two users with their sibling’s balance told differently to each', () => {
    // Alice 30 and Bob 50 under one parent. A venue hashing only the parent's total could publish 50 (hiding 30)
    // and show Alice a sibling of 20, Bob a sibling of 0: both would add up to 50. Here the parent's hash commits to
    // each child's sums, so the root built for Alice's story is not the root of Bob's.
    const alice: LeafInput = { userId: 1, salt: salt(), balances: [30n] }
    const bob: LeafInput = { userId: 2, salt: salt(), balances: [50n] }
    const a = leafNode(alice)
    const b = leafNode(bob)
    const told = (node: SumNode, sums: bigint[]): SumNode => ({ hash: node.hash, sums })
    const published = parentNode(a, told(b, [20n]))
    expect(published.sums).toEqual([50n])
    const common = { leafCount: 2, root: published.hash, totals: [50n] }
    expect(verifyPath({ ...common, leaf: alice, index: 0, path: [told(b, [20n])] })).toBeNull()
    expect(verifyPath({ ...common, leaf: bob, index: 1, path: [told(a, [0n])] })).toBe('wrong-root-hash')
  })

  it('keeps a node the same through the wire form, and refuses a malformed one', () => {
    for (const node of pathOf(tree, 3)) {
      const back = fromWire(JSON.parse(JSON.stringify(toWire(node))) as ReturnType<typeof toWire>)
      expect(Buffer.from(back.hash).equals(Buffer.from(node.hash))).toBe(true)
      expect(back.sums).toEqual(node.sums)
    }
    expect(() => fromWire({ hash: 'zz', sums: [] })).toThrow(/hash/)
    expect(() => fromWire({ hash: '00'.repeat(32), sums: ['1.5'] })).toThrow(/sum/)
  })
})
