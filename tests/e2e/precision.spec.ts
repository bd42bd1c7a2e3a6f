/**
 * Every number on /assets, /trade and /lever at its precision rule (issue 24 part 2), read off the screens of a user
 * whose balances carry odd decimals on the real server: a market buy of 0.0123 BTC (its fee taken in BTC), 300.123457
 * USDT in the futures account and a 7× long of 0.013 BTC. USDT amounts show exactly 2 decimals, BTC amounts 8, prices
 * the market's price precision (currency/currency_list), percentages 2. Which side an amount is rounded to is
 * unit-tested (tests/unit/amount-format.test.ts); here: no screen shows a figure at any other scale. Today's income
 * opens its parts, which add up to it (issue 24 part 4).
 * Selectors avoid the screens' own words: test ids, roles and data attributes.
 */
import type { Locator, Page } from '@playwright/test'
import { shot } from './context'
import { marketOrder } from './lever-ui'
import { expect, test, type E2EServer } from './fixtures'
import { api, fundUser, keyedCall, newUser, toFutures } from './sessions'

/** The decimals of the one number in `text` ("≈ +1,234.50 USDT" → 2), or null when it holds none. */
function decimalsOf(text: string): number | null {
  const m = /[-+]?\d[\d,]*(?:\.(\d+))?/.exec(text)
  return m ? (m[1]?.length ?? 0) : null
}

/** Each locator's text with its decimals; fails naming the figure whose decimals are not `scale`. */
async function expectScale(figures: Record<string, Locator>, scale: number) {
  for (const [name, locator] of Object.entries(figures)) {
    const text = ((await locator.textContent()) ?? '').trim()
    expect(decimalsOf(text), `${name}: "${text}" at ${scale} decimals`).toBe(scale)
  }
}

async function pricePrecision(server: E2EServer, symbol: string): Promise<number> {
  const list = await api<{ extends: string; price_precision: number }[]>(server, 'GET', 'currency/currency_list')
  const p = list.data.find((m) => m.extends === symbol)?.price_precision
  expect(p, `${symbol}'s price precision`).toBeDefined()
  return p!
}

const facts = (page: Page, ids: string[]) => Object.fromEntries(ids.map((id) => [id, page.getByTestId(id)]))

test('every figure on /assets, /trade and /lever shows at its currency or market precision', async ({
  phone,
  server,
}) => {
  test.skip(!server.replay, 'needs the replayed recordings')
  const user = await newUser(server, 'precision')
  await fundUser(server, user.token, '1000')
  const buy = await keyedCall(
    server,
    'trade/order_place',
    { symbol: 'btcusdt', side: 'buy', type: 'market', amount: '0.0123', client_oid: crypto.randomUUID() },
    user.token,
  )
  expect(buy, 'the spot buy').toMatchObject({ code: 1 })
  await toFutures(server, user.token, '300.123457')
  const long = await marketOrder(
    server,
    user,
    { symbol: 'btcusdt', side: 'long', amount: '0.013', leverage: 7 },
    'the 7× long',
  )
  const btcPrice = await pricePrecision(server, 'btcusdt')
  const page = await phone({ session: user })

  // /assets: the totals in USDT, and the coin account's balances each at its own currency's scale.
  await page.goto('/assets')
  await expect(page.getByTestId('total-assets')).toHaveText(/\d/)
  await expectScale({ total: page.getByTestId('total-assets'), income: page.getByTestId('daily-income') }, 2)
  for (const value of await page.locator('.as-wallet__value').all()) await expectScale({ wallet: value }, 2)
  const coin = page.locator('section[data-wallet="spot"]')
  await coin.locator('button[aria-expanded]').click()
  const rows = coin.locator('.as-balance')
  await expect(rows).toHaveCount(2)
  for (const row of await rows.all()) {
    const currency = (await row.locator('.as-balance__coin').textContent())!.trim()
    const cells = row.locator('.as-balance__grid dd')
    const scale = currency === 'BTC' ? 8 : 2
    await expectScale({ [`${currency} amount`]: row.locator('.as-balance__amount') }, scale)
    await expectScale({ [`${currency} usable`]: cells.nth(0), [`${currency} frozen`]: cells.nth(1) }, scale)
    await expectScale({ [`${currency} value`]: cells.nth(2) }, 2)
  }

  // Today's income, part by part (issue 24 part 4): each part to the cent, and the total is their sum.
  await page.getByTestId('daily-income-open').click()
  const sheet = page.getByTestId('income-sheet')
  await expect(sheet.getByTestId('income-total')).toHaveText(/\d/)
  const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.+-]/g, '')) * 100)
  const parts = await sheet.locator('.as-income__parts dd').allTextContents()
  expect(parts).toHaveLength(8)
  for (const [k, text] of parts.entries()) expect(decimalsOf(text), `part ${k}: "${text}"`).toBe(2)
  expect(
    parts.reduce((sum, text) => sum + cents(text), 0),
    'the parts add up to the total',
  ).toBe(cents(await sheet.getByTestId('income-total').textContent()))
  await shot(page, 'assets-income-sheet-390')
  await page.keyboard.press('Escape')
  await expect(sheet).toHaveCount(0)

  // /trade: what a buy may spend (USDT) and its preview; what a sell may spend (BTC) and its preview (fee in USDT).
  await page.goto('/trade')
  await expect(page.getByTestId('trade-last-price')).toHaveText(/\d/)
  await expectScale({ 'last price': page.getByTestId('trade-last-price') }, btcPrice)
  await page.getByRole('radio', { name: 'Market' }).click()
  await page.locator('input[name="amount"]').fill('0.0037')
  await expect(page.getByTestId('trade-fee')).toHaveText(/BTC$/)
  await expectScale(facts(page, ['trade-available', 'trade-total']), 2)
  await expectScale(facts(page, ['trade-fee']), 8)
  await expectScale(facts(page, ['trade-expected-price']), btcPrice)
  await page.getByRole('radio', { name: 'Sell' }).click()
  await expect(page.getByTestId('trade-available')).toHaveText(/BTC$/)
  await expect(page.getByTestId('trade-fee')).toHaveText(/USDT$/)
  await expectScale(facts(page, ['trade-available']), 8)
  await expectScale(facts(page, ['trade-total', 'trade-fee']), 2)

  // /lever: the account, the position and an order's preview in USDT, prices at the market's precision.
  await page.goto('/lever')
  const position = page.getByTestId(`position-${long.position_id}`)
  await expect(position.getByTestId('upnl')).toHaveText(/\d/)
  await expect(position.getByTestId('liq-price')).toHaveText(/\d/)
  await expectScale(facts(page, ['lever-equity', 'lever-available', 'lever-account-upnl', 'lever-margin-ratio']), 2)
  await expectScale({ upnl: position.getByTestId('upnl'), margin: position.getByTestId('margin') }, 2)
  await expectScale({ roe: position.getByTestId('roe') }, 2)
  await expectScale(
    Object.fromEntries(
      ['open-price', 'last-price', 'mark-price', 'liq-price'].map((id) => [id, position.getByTestId(id)]),
    ),
    btcPrice,
  )
  await expectScale(facts(page, ['lever-mark-price']), btcPrice)
  await page.locator('input[name="amount"]').fill('0.0037')
  await expect(page.getByTestId('lever-fee')).toHaveText(/\d/)
  await expectScale(facts(page, ['lever-form-available', 'lever-notional', 'lever-margin', 'lever-fee']), 2)
})
