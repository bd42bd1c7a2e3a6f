/**
 * Finding and following markets (issue 24 part 1): a search on Market over every category, a search in the futures
 * pair picker that shows each pair's price, and a favourite starred on the K-line page that Market lists first after
 * a reload. Screenshots at 360 px, light and dark, land in tests/e2e/out/.
 */
import { logIn } from './account-ui'
import { marketRows, pricedRows, shot } from './context'
import { expect, test } from './fixtures'
import { api, newUser } from './sessions'

test('search finds "eth" on Market across categories, and in the futures pair picker with prices', async ({
  phone,
}) => {
  const page = await phone({ viewport: { width: 360, height: 780 } })
  await page.goto('/market')
  await pricedRows(page, 3)
  const search = page.getByRole('searchbox', { name: 'Search markets' })
  await search.fill('eth')
  // Every market whose pair holds "eth", of any category (the replay lists what its data has), and nothing else.
  await expect.poll(async () => (await marketRows(page)).map((r) => r.pair)).toContain('ETH/USDT')
  expect((await marketRows(page)).every((r) => r.pair.startsWith('ETH/'))).toBe(true)
  // The spot pair and its perpetual, told apart by the perpetual's tag and funding rate.
  await expect(page.getByTestId('perpetual-ethusdt')).toContainText('Perp')
  await expect(page.getByTestId('perpetual-ethusdt').getByTestId('perpetual-funding')).toHaveText(/%$/)
  await expect(page.getByRole('tab', { name: 'Spot' }), 'the tabs give way to the results').toHaveCount(0)
  await pricedRows(page, 1)
  await shot(page, 'market-search-light-360')
  await search.fill('zzz')
  await expect(page.getByText('No market matches “zzz”.')).toBeVisible()
  await search.fill('')
  await expect(page.getByRole('tab', { name: 'Spot' })).toBeVisible()

  await page.goto('/lever')
  await page.getByRole('button', { name: /^Trading pair BTC\/USDT/ }).click()
  const sheet = page.getByRole('dialog', { name: 'Trading pair' })
  await sheet.getByRole('searchbox', { name: 'Search markets' }).fill('ETH')
  const options = sheet.getByRole('option')
  await expect(options).toHaveCount(1)
  await expect(options.first()).toContainText('ETH/USDT')
  await expect(options.first(), 'the pair shows its last price').toContainText(/\d,?\d*\.\d+/)
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'))
  await shot(page, 'lever-pair-search-dark-360')
  await options.first().click()
  await expect(page.getByRole('button', { name: /^Trading pair ETH\/USDT/ })).toBeVisible()
})

test('a market starred on its K-line page is listed first on Market, in Favourites, after a reload', async ({
  phone,
}) => {
  const page = await phone({ viewport: { width: 360, height: 780 } })
  await page.goto('/kline?symbol=ethusdt')
  const star = page.getByRole('button', { name: 'Favourite' })
  await expect(star).toHaveAttribute('aria-pressed', 'false')
  const colour = () => star.evaluate((e) => getComputedStyle(e).color)
  const grey = await colour()
  await star.click()
  await expect(star).toHaveAttribute('aria-pressed', 'true')
  // Seen as starred: filled and in the favourites colour (a rule order once left it grey while pressed).
  await expect.poll(() => star.locator('path').evaluate((e) => getComputedStyle(e).fill)).not.toBe('none')
  await expect.poll(colour).not.toBe(grey)
  await page.goto('/market')
  await page.reload()
  await expect(page.getByRole('tab', { name: 'Favourites' })).toHaveAttribute('aria-selected', 'true')
  await expect.poll(async () => (await marketRows(page)).map((r) => r.pair)).toEqual(['ETH/USDT'])
  const tabs = await page.getByRole('tab').allTextContents()
  expect(tabs[0]).toBe('Favourites')
  await page.getByRole('tab', { name: 'Spot' }).click()
  await expect(
    page.locator('.market-row', { hasText: 'ETH/USDT' }).getByRole('img', { name: 'Favourite' }),
  ).toBeVisible()
  await shot(page, 'market-favourite-light-360')
  // Unstarred: the Favourites tab goes away.
  await page.goto('/kline?symbol=ethusdt')
  await page.getByRole('button', { name: 'Favourite' }).click()
  await page.goto('/market')
  await expect(page.getByRole('tab', { name: 'Spot' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tab', { name: 'Favourites' })).toHaveCount(0)
})

test('a favourite starred while signed in follows the account to another phone', async ({ phone, server }) => {
  const user = await newUser(server, 'fav')
  const first = await phone({ viewport: { width: 360, height: 780 } })
  await logIn(first, user.email, user.password)
  await first.goto('/kline?symbol=solusdt')
  const star = first.getByRole('button', { name: 'Favourite' })
  await star.click()
  await expect(star).toHaveAttribute('aria-pressed', 'true')
  // Saved to the account (a moment after the tap), then read on a phone that never starred anything.
  await expect
    .poll(async () => (await api<{ symbols: string[] }>(server, 'GET', 'user/favourites', undefined, user.token)).data)
    .toEqual({ symbols: ['solusdt'] })
  const second = await phone({ viewport: { width: 360, height: 780 } })
  await logIn(second, user.email, user.password)
  await second.goto('/market')
  await expect(second.getByRole('tab', { name: 'Favourites' })).toHaveAttribute('aria-selected', 'true')
  await expect.poll(async () => (await marketRows(second)).map((r) => r.pair)).toEqual(['SOL/USDT'])
})
