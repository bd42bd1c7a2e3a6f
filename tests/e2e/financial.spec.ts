/**
 * Financial (yield) products as a phone user meets them, on the real server (started with CLOCK_CONTROL=1, so the
 * operator's `clock advance` moves the financial products' clock): a user with 1,000 USDT in the coin account
 * subscribes 100 USDT to the 7-day product in the app, sees one day of income (0.05 USDT) once the server's clock has
 * moved a day, redeems early after the fee message, and gets the principal less exactly that fee (0.5 % = 0.5 USDT)
 * back: 1,000 − 100 + 0.05 + 99.5, on the screen and in the ledger. Then the three screens at 360 px in light and 540
 * px in dark (phone.ts LOOKS), and no text cut short at 360 px in any of the ten languages.
 *
 * Selectors hold whatever the language (test ids, data attributes, roles) except the fee question, whose English words
 * are the spec's own (§8).
 */
import type { Page } from '@playwright/test'
import type { FinancialOrder, FinancialProduct } from '../../common/api/financial'
import { animationsDone, assertNoSideScroll, settled, shot } from './context'
import { expect, test, type E2EServer } from './fixtures'
import { LOOKS } from './phone'
import { adminCommand, api, fundUser, keyedCall, newUser, type Session } from './sessions'
import { cutTexts, inLocale, LOCALES, NARROW, switchLanguage } from './text-cut'

/** The coin account's usable USDT, as the ledger says (assets/overview). */
async function coinUsable(server: E2EServer, token: string): Promise<string> {
  const o = await api<{ wallets: { wallet: string; balances: { currency: string; available: string }[] }[] }>(
    server,
    'GET',
    'assets/overview',
    undefined,
    token,
  )
  const w = o.data.wallets.find((x) => x.wallet === 'spot')
  return w?.balances.find((b) => b.currency === 'USDT')?.available ?? '0'
}

/** The seeded product of `days` days. */
async function productOf(server: E2EServer, days: number): Promise<FinancialProduct> {
  const list = await api<FinancialProduct[]>(server, 'GET', 'financial/products')
  const p = list.data.find((x) => x.cycle_days === days && x.currency === 'USDT')
  expect(p, `a ${days}-day product`).toBeDefined()
  return p!
}

test('subscribe in the app, a day of income after the clock moves, early redemption for exactly the fee', async ({
  phone,
  server,
}) => {
  test.slow()
  const seven = await productOf(server, 7)
  const user = await newUser(server, 'wealth')
  await fundUser(server, user.token, '1000')
  const page = await phone({ session: user })

  await page.goto('/assets')
  await page.locator('.as-shortcuts a[href="/financial"]').click()
  await expect(page).toHaveURL(/\/financial$/)
  const card = page.locator(`[data-testid="fi-product"][data-id="${seven.id}"]`)
  await expect(card.getByTestId('fi-annual')).toHaveText('18.25%')
  await expect(card.getByTestId('fi-daily')).toHaveText('0.05%')
  await expect(card.getByTestId('fi-fee')).toHaveText('0.5%')
  await shot(page, 'financial-390')
  await card.locator(`a[href="/buy-mining?id=${seven.id}"]`).click()

  await expect(page.getByTestId('fi-available')).toHaveText('1,000.00 USDT')
  await page.locator('input[name="amount"]').fill('100')
  await expect(page.getByTestId('fi-expected-daily')).toHaveText('0.05 USDT')
  await expect(page.getByTestId('fi-expected-total')).toHaveText('0.35 USDT')
  await assertNoSideScroll(page)
  await shot(page, 'buy-mining-390')
  await page.locator('form button[type="submit"]').click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toBeVisible()
  // What is bought and what it earns, stated before anything is sent (issue 24 part 3).
  await expect(confirm.getByTestId('confirm-principal')).toHaveText('100.00 USDT')
  await expect(confirm.getByTestId('confirm-income')).toHaveText('0.35 USDT')
  await expect(confirm).toContainText('7 days')
  await expect(confirm).toContainText('0.5%')
  await shot(page, 'buy-mining-confirm-390')
  const bought = page.waitForResponse((r) => r.url().endsWith('/api/financial/buy'))
  await confirm.locator('.dialog__btn--primary').click()
  const answer = (await (await bought).json()) as { code: number; data: FinancialOrder }
  expect(answer.code, 'financial/buy').toBe(1)
  expect(answer.data).toMatchObject({ amount: '100', cycle_days: 7, status: 'in_progress', days_paid: 0 })
  await expect(page).toHaveURL(/\/mining-order/)
  const order = page.locator(`[data-testid="fi-order"][data-id="${answer.data.id}"]`)
  await expect(order).toHaveAttribute('data-status', 'in_progress')
  await expect(order.locator('[data-fact="income"]')).toHaveText('0.00 USDT')
  expect(await coinUsable(server, user.token)).toBe('900')

  // The server's clock moves a day: the accrual job (every 2 s) credits day 1, 100 × 0.05 % = 0.05 USDT.
  await adminCommand(server, ['clock', 'advance', '1d'])
  await expect(async () => {
    await page.reload()
    await expect(order.locator('[data-fact="income"]')).toHaveText('+0.05 USDT', { timeout: 2000 })
  }).toPass({ timeout: 30_000 })
  expect(await coinUsable(server, user.token)).toBe('900.05')
  await shot(page, 'mining-order-income-390')

  await order.getByRole('button').click()
  await expect(confirm).toContainText('Early redemption requires a 0.5% handling fee, confirm')
  await animationsDone(page)
  await shot(page, 'mining-order-redeem-confirm-390')
  const redeemed = page.waitForResponse((r) => r.url().endsWith('/api/financial/redeem'))
  await confirm.locator('.dialog__btn--primary').click()
  const done = (await (await redeemed).json()) as { code: number; data: FinancialOrder }
  expect(done.code, 'financial/redeem').toBe(1)
  expect(done.data).toMatchObject({ status: 'redeemed', redeemed_early: true, redeem_fee: '0.5', returned: '99.5' })
  expect(done.data).toMatchObject({ income: '0.05', days_paid: 1 })
  // 1,000 − 100 + 0.05 income + (100 − 0.5 fee).
  expect(await coinUsable(server, user.token)).toBe('999.55')
  await expect(page).toHaveURL(/tab=redeemed/)
  const after = page.locator(`[data-testid="fi-order"][data-id="${answer.data.id}"]`)
  await expect(after).toHaveAttribute('data-status', 'redeemed')
  await expect(after.locator('[data-fact="fee"]')).toHaveText('0.50 USDT')
  await expect(after.locator('[data-fact="returned"]')).toHaveText('99.50 USDT')
  await assertNoSideScroll(page)
  await shot(page, 'mining-order-redeemed-390')
})

/** A user with 5,000 USDT, one 30-day subscription in progress and one 7-day one redeemed early. */
async function userWithSubscriptions(server: E2EServer): Promise<Session & { product: number }> {
  const user = await newUser(server, 'wealth-look')
  await fundUser(server, user.token, '5000')
  const [seven, thirty] = [await productOf(server, 7), await productOf(server, 30)]
  const a = await keyedCall<FinancialOrder>(
    server,
    'financial/buy',
    { product_id: thirty.id, amount: '1234.5' },
    user.token,
  )
  expect(a, 'buy').toMatchObject({ code: 1 })
  const b = await keyedCall<FinancialOrder>(
    server,
    'financial/buy',
    { product_id: seven.id, amount: '250' },
    user.token,
  )
  expect(b, 'buy').toMatchObject({ code: 1 })
  expect(await keyedCall(server, 'financial/redeem', { id: b.data.id }, user.token), 'redeem').toMatchObject({
    code: 1,
  })
  return { ...user, product: thirty.id }
}

/** The three screens' states a user sees, each ready: the list, the form with an amount, both order tabs. */
async function visit(page: Page, product: number, each: (name: string) => Promise<void>): Promise<void> {
  await page.goto('/financial')
  await expect(page.getByTestId('fi-product')).toHaveCount(3)
  await settled(page)
  await each('financial')
  await page.goto(`/buy-mining?id=${product}`)
  await expect(page.getByTestId('fi-available')).toHaveText(/\d/)
  await page.locator('input[name="amount"]').fill('12345.5')
  await settled(page)
  await each('buy-mining')
  await page.goto('/mining-order')
  await expect(page.getByTestId('fi-order')).toHaveCount(1)
  await settled(page)
  await each('mining-order')
  await page.goto('/mining-order?tab=redeemed')
  await expect(page.locator('[data-testid="fi-order"][data-status="redeemed"]')).toHaveCount(1)
  await settled(page)
  await each('mining-order-redeemed')
}

for (const { theme, width } of LOOKS) {
  test(`financial screens fit ${width} px in ${theme}`, async ({ phone, server }) => {
    const user = await userWithSubscriptions(server)
    const page = await phone({ session: user, theme, viewport: { width, height: 800 }, deviceScaleFactor: 2 })
    await visit(page, user.product, async (name) => {
      await assertNoSideScroll(page)
      await shot(page, `${name}-${theme}-${width}`)
    })
    // Signed out: the terms, and a login prompt instead of the form.
    await page.evaluate(() => localStorage.removeItem('LOGIN_TOKEN'))
    await page.goto(`/buy-mining?id=${user.product}`)
    await expect(page.locator('.fi-login a[href="/login"]')).toBeVisible()
    await assertNoSideScroll(page)
    await shot(page, `buy-mining-signed-out-${theme}-${width}`)
  })
}

// Every language at the narrowest phone, every text whole. One phone visits the languages in turn; the cuts of each
// are reported together.
test('no text is cut short at 360 px in any language: financial screens', async ({ phone, server }) => {
  test.setTimeout(LOCALES.length * 60_000)
  const user = await userWithSubscriptions(server)
  let page: Page | undefined
  for (const locale of LOCALES) {
    if (page) await switchLanguage(page, locale)
    else page = await phone({ ...NARROW, session: user, language: locale })
    const onScreen = page
    await visit(onScreen, user.product, async (name) => {
      await inLocale(onScreen, locale)
      expect.soft(await cutTexts(onScreen), `${name} in ${locale} at 360 px: text cut short`).toEqual([])
      await assertNoSideScroll(onScreen)
      await shot(onScreen, `${name}-${locale}-360`)
    })
  }
})
