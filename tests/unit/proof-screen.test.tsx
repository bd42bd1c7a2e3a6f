// @vitest-environment happy-dom
/**
 * /proof (issue 23 part 6) checks the user's proof on the device: a true path shows "Verified" with their balances
 * and the totals; a leaf one unit larger than the tree holds, or another user's leaf, shows the failure; no leaf and
 * no proof say so.
 */
import { randomBytes } from 'node:crypto'
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ProofLatest, ProofMine } from '../../common/api/proof'
import { parseDecimal } from '../../common/amount'
import { amountOf, buildTree, leafNode, pathOf, sumOf, toWire } from '../../common/proof/merkle-sum'
import { cleanupApp, renderApp, userInfo } from '../helpers/ui-app'
import { envelope } from '../helpers/ui-fetch'
import { reserveRatio } from '../../src/features/funds/ProofReport'

afterEach(cleanupApp)

/** A proof of three users (BTC, USDT) and the answer of the user at `index` (user 7 by default), as the server gives them. */
function published(index = 1): { latest: NonNullable<ProofLatest>; mine: NonNullable<ProofMine> } {
  const users = [
    { userId: 3, balances: ['0.5', '10'] },
    { userId: 7, balances: ['0', '1234.5'] },
    { userId: 9, balances: ['1', '0.000001'] },
  ].map((u) => ({ ...u, salt: randomBytes(32).toString('hex') }))
  const tree = buildTree(
    users.map((u) => leafNode({ ...u, balances: u.balances.map((b) => sumOf(parseDecimal(b))) })),
    2,
  )
  const root = tree.nodes[1]!
  const latest = {
    id: 4,
    created_at: '2026-11-30 08:00:00',
    root: Buffer.from(root.hash).toString('hex'),
    leaf_count: 3,
    totals: ['BTC', 'USDT'].map((currency, i) => ({ currency, liabilities: amountOf(root.sums[i]!), reserves: null })),
  }
  const owner = users[index]!
  const mine = {
    proof_id: 4,
    leaf: {
      index,
      user_id: owner.userId,
      salt: owner.salt,
      balances: ['BTC', 'USDT'].map((currency, i) => ({ currency, amount: owner.balances[i]! })),
    },
    path: pathOf(tree, index).map(toWire),
  }
  return { latest, mine }
}

async function show(latest: ProofLatest, mine: ProofMine) {
  await renderApp(
    '/proof',
    (c) => {
      if (c.url.includes('proof/latest')) return envelope(1, latest)
      if (c.url.includes('proof/mine')) return envelope(1, mine)
      return undefined
    },
    { user: userInfo() },
  )
}

describe('/proof', () => {
  it("says the user's balances are included when their path verifies, with the totals", async () => {
    const { latest, mine } = published()
    await show(latest, mine)
    expect((await screen.findByRole('status')).textContent).toBe(
      'Verified on this device: your balances are included in the liabilities of 2026-11-30 08:00:00 UTC.',
    )
    const usdt = screen.getByRole('row', { name: /^USDT/ })
    expect(usdt.textContent).toBe('USDT1234.51244.500001—')
    expect(screen.getByText('Reserves are not published yet: no blockchain is read for this proof.')).toBeTruthy()
  })

  it('shows the reserves read from chain and their ratio to the liabilities, rounded down', async () => {
    const { latest, mine } = published()
    // USDT liabilities 1244.500001: reserves one unit short of them show 99.99 %, never 100.00 %.
    latest.totals = latest.totals.map((x) => ({ ...x, reserves: x.currency === 'USDT' ? '1244.5' : '3' }))
    await show(latest, mine)
    await screen.findByRole('status')
    expect(screen.getByRole('row', { name: /^USDT/ }).textContent).toBe('USDT1234.51244.5000011244.5')
    expect(screen.getByTestId('proof-ratio-USDT').textContent).toBe('99.99 %')
    expect(screen.getByTestId('proof-ratio-BTC').textContent).toBe('200.00 %')
    expect(screen.getByText('Reserve ratio, USDT')).toBeTruthy()
    expect(screen.queryByText('Reserves are not published yet: no blockchain is read for this proof.')).toBeNull()
    expect(reserveRatio('0', '0')).toBe('—')
    expect(reserveRatio(null, '5')).toBe('—')
  })

  it('says a proof does not verify when the leaf claims one unit more than the tree holds', async () => {
    const { latest, mine } = published()
    mine.leaf.balances[1]!.amount = '1234.500000000000000001'
    await show(latest, mine)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This proof does not verify (wrong-root-hash). Contact support.',
    )
  })

  it("refuses another user's true leaf and path (a venue leaving this user out)", async () => {
    const { latest, mine } = published(2) // user 9's leaf and path, true in the tree, shown to user 7
    await show(latest, mine)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This proof does not verify (not-yours). Contact support.',
    )
  })

  it('says when the proof holds no leaf for the user, and when no proof exists', async () => {
    await show(published().latest, null)
    expect((await screen.findByRole('status')).textContent).toBe(
      'This proof holds no leaf for you. If you held funds at 2026-11-30 08:00:00 UTC, contact support.',
    )
    cleanupApp()
    await show(null, null)
    expect(await screen.findByText('No proof of reserves has been published yet.')).toBeTruthy()
  })
})
