/**
 * A deposit on the local EVM chain as a user meets it (issue 23 parts 1, 2, 5): /deposit on USDT-ERC20 shows the
 * user's own address with its QR code, minimum and confirmation rule (the same address on a second visit, and no
 * claim form); 100 USDT sent to it from a funded dev account shows in the deposit history as confirming (0/6), then
 * credited at 1 confirmation — in the spot wallet, not withdrawable — and completed at 6, when /withdrawal offers it.
 * Screenshots at 360 px, light and dark, in tests/e2e/out/. Selectors avoid the screen's English words.
 */
import type { Page } from '@playwright/test'
import { createTestClient, createWalletClient, http, parseUnits, type Address } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'
import { DEV_MNEMONIC } from '../../server/custody/evm-keys'
import { assertNoSideScroll, shot } from './context'
import { expect, test } from './fixtures'
import { newUser } from './sessions'

/** Picks `currency` on `chain` in the screen's pair picker. */
async function pickPair(page: Page, currency: string, chain: string) {
  const groups = page.getByRole('radiogroup')
  await groups.first().getByRole('radio', { name: currency, exact: true }).click()
  await groups.nth(1).getByRole('radio', { name: chain, exact: true }).click()
}

test('a USDT-ERC20 transfer to the user’s own address is confirming, then credited, then withdrawable at 6 confirmations', async ({
  phone,
  server,
}) => {
  const user = await newUser(server, 'custody')
  const rpcUrl = server.rpcUrl!
  const testClient = createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(rpcUrl) })
  const page = await phone({ session: user, viewport: { width: 360, height: 780 } })
  await page.goto('/deposit')
  await pickPair(page, 'USDT', 'ERC20')
  const shown = page.getByTestId('deposit-address')
  await expect(shown).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  const address = (await shown.textContent()) as Address
  await expect(page.locator('.fd-address canvas, .fd-address img, .fd-address svg').first()).toBeVisible()
  // A watched pair takes no claim: no form, and the facts of the rule instead.
  await expect(page.locator('form')).toHaveCount(0)
  await expect(page.locator('.fd-address__facts .fd-facts__row')).toHaveCount(4)
  await assertNoSideScroll(page)
  await shot(page, 'custody-deposit-360-light')
  await page.reload()
  await pickPair(page, 'USDT', 'ERC20')
  await expect(shown).toHaveText(address)
  const token = (await page.locator('.fd-address__contract').textContent()) as Address

  await testClient.setAutomine(false)
  try {
    const wallet = createWalletClient({ chain: hardhat, transport: http(rpcUrl) })
    const data =
      `0xa9059cbb${address.slice(2).toLowerCase().padStart(64, '0')}${parseUnits('100', 6).toString(16).padStart(64, '0')}` as const
    await wallet.sendTransaction({ account: mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 1 }), to: token, data })
    await page.goto('/deposit-record')
    const row = page.getByTestId('deposit-row')
    await expect(async () => {
      await page.reload()
      await expect(row.locator('.fd-state--pending')).toBeVisible({ timeout: 2_000 })
    }).toPass({ timeout: 20_000 })
    await expect(row.locator('dd', { hasText: /^0\/6$/ })).toBeVisible()
    await shot(page, 'custody-record-pending-360-light')
    await testClient.mine({ blocks: 1 })
  } finally {
    await testClient.setAutomine(true)
  }
  const row = page.getByTestId('deposit-row')
  await expect(async () => {
    await page.reload()
    await expect(row.locator('.fd-state--credited')).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  await expect(row.locator('dd', { hasText: /^1\/6$/ })).toBeVisible()
  await shot(page, 'custody-record-credited-360-light')

  // Credited: in the spot wallet, but the withdrawal screen offers none of it yet.
  await page.goto('/withdrawal')
  await pickPair(page, 'USDT', 'ERC20')
  await expect(page.getByTestId('withdraw-available')).toHaveText(/^0(\.0+)? USDT$/)

  await testClient.mine({ blocks: 5 })
  await page.goto('/deposit-record')
  await expect(async () => {
    await page.reload()
    await expect(row.locator('.fd-state--withdrawable')).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  await expect(row.locator('dd', { hasText: /^6$/ })).toBeVisible()
  await page.goto('/withdrawal')
  await pickPair(page, 'USDT', 'ERC20')
  await expect(page.getByTestId('withdraw-available')).toHaveText(/^100(\.0+)? USDT$/)

  for (const theme of ['dark'] as const) {
    const dark = await phone({ session: user, theme, viewport: { width: 360, height: 780 } })
    await dark.goto('/deposit-record')
    await expect(dark.getByTestId('deposit-row').locator('.fd-state--withdrawable')).toBeVisible({ timeout: 15_000 })
    await assertNoSideScroll(dark)
    await shot(dark, `custody-record-360-${theme}`)
    await dark.goto('/deposit')
    await pickPair(dark, 'USDT', 'ERC20')
    await expect(dark.getByTestId('deposit-address')).toHaveText(address)
    await shot(dark, `custody-deposit-360-${theme}`)
    await dark.context().close()
  }
})
