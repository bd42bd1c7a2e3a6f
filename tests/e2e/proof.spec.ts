/**
 * The proof of reserves as a user meets it (issue 23 part 6): funded through a reviewed deposit, the operator
 * publishes a proof (`npm run admin -- proof publish`, through the server, so with the reserves read from the dev
 * chain), and /proof — reached from Mine — says on the phone that the user's balances are included, after checking
 * the path in the browser, with the totals, the reserves and their ratio; a user with no balance is told they are not
 * in it. Screenshots at 360 px, light and dark, and in Japanese, in tests/e2e/out/. Selectors avoid the screen's English words.
 */
import { assertNoSideScroll, shot } from './context'
import { expect, test } from './fixtures'
import { adminCommand, fundUser, newUser } from './sessions'

test('a funded user sees their balances verified in the proof of reserves; a user without one is told so', async ({
  phone,
  server,
}) => {
  const funded = await newUser(server, 'proof')
  await fundUser(server, funded.token, '1234.5')
  const empty = await newUser(server, 'proof-empty')
  const published = await adminCommand(server, ['proof', 'publish'])
  expect(published[0]).toMatch(/^proof #\d+: root [0-9a-f]{64}, \d+ users$/)

  for (const theme of ['light', 'dark'] as const) {
    const page = await phone({ session: funded, theme, viewport: { width: 360, height: 780 } })
    await page.goto('/user-center')
    await page.locator('a[href="/proof"]').click()
    await expect(page).toHaveURL(/\/proof$/)
    await expect(page.locator('.pf-verdict--ok')).toBeVisible({ timeout: 15_000 })
    const usdt = page.locator('.pf-table tbody tr', { has: page.locator('th', { hasText: /^USDT$/ }) })
    await expect(usdt.locator('td').first()).toHaveText('1234.5')
    // Published in the server, which watches the dev chain: its reserves read from chain, and their ratio.
    await expect(usdt.locator('td').nth(2)).toHaveText(/^\d+(\.\d+)?$/)
    await expect(page.getByTestId('proof-ratio-USDT')).toHaveText(/^\d+\.\d{2} %$/)
    await assertNoSideScroll(page)
    await shot(page, `proof-360-${theme}`)
    await page.context().close()
  }

  const page = await phone({ session: empty, language: 'ja' })
  await page.goto('/proof')
  await expect(page.getByRole('status')).toBeVisible({ timeout: 15_000 })
  await expect(page.locator('.pf-verdict--ok')).toHaveCount(0)
  await expect(page.locator('.pf-table tbody tr').first()).toBeVisible()
  await assertNoSideScroll(page)
  await shot(page, 'proof-none-ja')
})
