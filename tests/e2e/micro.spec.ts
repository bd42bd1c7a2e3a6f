/**
 * Options (second contracts) as a phone user meets them, on the real server replaying recorded market data: a user with
 * 500 USDT in the options account places a 60 s Rise of 100 USDT in the app, watches it count down, and sees it settle
 * at the replayed price (the first ticker the gateway published at or after delivery, recorded here); the options
 * balance then differs from before by exactly what the order's own open and close prices say (a win: + 100 × 0.8; a
 * loss: − 100; equal prices: nothing), on the screen and in the ledger. The history shows the order with its detail.
 * Screenshots of both screens at 360 px in light and 540 px in dark (phone.ts LOOKS); no text cut short on them at 360
 * px in any of the ten languages.
 *
 * Selectors avoid the screens' own English words: this spec runs on the built app, whose catalogs the translators fill
 * separately; roles, test ids and data attributes hold whatever the language.
 */
import type { Page } from '@playwright/test'
import { add, compare, multiply, parseDecimal, round, subtract } from '../../common/amount'
import type { MicroOrder } from '../../common/api/micro'
import { formatAmount, formatPrice } from '../../src/lib/format'
import { FeedClient } from '../helpers/market-client'
import { animationsDone, assertNoSideScroll, settled, shot } from './context'
import { expect, test, type E2EServer } from './fixtures'
import { LOOKS } from './phone'
import { api, fundUser, keyedCall, newUser, type Session } from './sessions'
import { cutTexts, inLocale, LOCALES, NARROW, switchLanguage } from './text-cut'

const FUNDS = '500'
const STAKE = '100'

/** The options account's usable USDT, as the ledger says (assets/overview). */
async function optionsUsable(server: E2EServer, token: string): Promise<string> {
  const o = await api<{ wallets: { wallet: string; balances: { currency: string; available: string }[] }[] }>(
    server,
    'GET',
    'assets/overview',
    undefined,
    token,
  )
  const w = o.data.wallets.find((x) => x.wallet === 'option')
  return w?.balances.find((b) => b.currency === 'USDT')?.available ?? '0'
}

/** Decimals of `symbol`'s prices, as the market list gives them. */
async function pricePrecision(server: E2EServer, symbol: string): Promise<number> {
  const list = await api<{ extends: string; price_precision: number }[]>(server, 'GET', 'currency/currency_list')
  return list.data.find((m) => m.extends === symbol)?.price_precision ?? 2
}

/** What the options account holds after `order` settled, from its own prices: stake back + profit, nothing, or the stake. */
function expectedAfter(before: string, order: MicroOrder): { balance: string; status: MicroOrder['status'] } {
  const d = parseDecimal
  const paid = subtract(subtract(d(before), d(order.amount)), d(order.fee))
  const c = compare(d(order.close_price ?? 'NaN'), d(order.open_price))
  if (c === 0) return { balance: add(paid, d(order.amount)), status: 'draw' }
  const won = order.direction === 'up' ? c > 0 : c < 0
  if (!won) return { balance: paid, status: 'lost' }
  const profit = round(multiply(d(order.amount), d(order.payout_rate)), 6, 'down')
  return { balance: add(add(paid, d(order.amount)), profit), status: 'won' }
}

/** btcusdt tickers as the market gateway publishes them (its event time and last price), in order. */
async function recordTickers(marketPort: number) {
  const feed = await FeedClient.connect(`ws://127.0.0.1:${marketPort}`)
  feed.send({ sub: 'market.btcusdt.ticker', id: 'ticker' })
  const list: { ts: number; close: number }[] = []
  const timer = setInterval(() => {
    for (const m of feed.messages.splice(0)) {
      const tick = m.tick as { close?: number } | undefined
      if (m.ch === 'market.btcusdt.ticker' && typeof m.ts === 'number' && typeof tick?.close === 'number') {
        list.push({ ts: m.ts, close: tick.close })
      }
    }
  }, 50)
  return { list, close: () => (clearInterval(timer), feed.ws.close()) }
}

/** The options account's USDT as the screens show it in English (its display scale, 2 decimals, rounded down). */
const money = (value: string) => formatAmount(value, 'USDT', 'en')

test('a 60 s Rise placed in the app counts down, settles at the replayed price and pays exactly', async ({
  phone,
  server,
}) => {
  test.skip(!server.replay, 'needs the replayed recordings')
  test.slow() // a 60 s contract, then settlement at the first replayed price after it
  const tickers = await recordTickers(server.marketPort)
  const user = await newUser(server, 'micro')
  await fundUser(server, user.token, FUNDS, FUNDS)
  const page = await phone({ session: user })

  await page.goto('/micro')
  // The first price of a cold page: as start-up.spec.ts, up to 30 s on a loaded machine.
  await expect(page.getByTestId('micro-last-price')).toHaveText(/\d/, { timeout: 30_000 })
  await expect(page.getByTestId('micro-available')).toHaveText(`${money(FUNDS)} USDT`)
  const durations = page.getByRole('radiogroup').getByRole('radio')
  await expect(durations).toHaveCount(4)
  await durations.nth(1).click() // 60 s, paying 85 %
  await expect(durations.nth(1)).toHaveAttribute('aria-checked', 'true')
  await expect(durations.nth(1)).toContainText('85%')
  await page.locator('input[name="amount"]').fill(STAKE)
  await expect(page.getByTestId('micro-fee')).toHaveText('0.00 USDT')
  await expect(page.getByTestId('micro-payout')).toHaveText('185.00 USDT')
  await assertNoSideScroll(page)
  await page.getByTestId('micro-rise').click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toBeVisible()
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/micro/order_place'))
  await confirm.locator('.dialog__btn--primary').click()
  const answer = (await (await placed).json()) as { code: number; data: MicroOrder }
  expect(answer.code, 'order_place').toBe(1)
  expect(answer.data).toMatchObject({ direction: 'up', duration_s: 60, amount: STAKE, status: 'open' })

  // The contract counts down on screen, the stake already off the usable balance.
  const row = page.getByTestId('micro-row').first()
  const countdown = row.getByTestId('micro-countdown')
  await expect(countdown).toHaveAttribute('data-seconds', /^([1-9]|[1-5]\d|60)$/)
  const first = Number(await countdown.getAttribute('data-seconds'))
  await expect.poll(async () => Number(await countdown.getAttribute('data-seconds'))).toBeLessThan(first)
  await expect(page.getByTestId('micro-available')).toHaveText(`${money('400')} USDT`)
  await shot(page, 'micro-open-390')

  // Settled at the first replayed price at or after delivery: the row shows the result…
  await expect(row).toHaveAttribute('data-status', /^(won|lost|draw)$/, { timeout: 90_000 })
  const detail = await api<MicroOrder>(server, 'GET', `micro/order_detail?id=${answer.data.id}`, undefined, user.token)
  const order = detail.data
  expect(order.close_price, 'a close price').not.toBeNull()
  expect(order.close_ts!, 'closed at or after delivery').toBeGreaterThanOrEqual(order.open_ts + 60_000)
  // The close is a price the gateway published, at or after delivery, and the first one: delivery lies in the second
  // `delivery_at` names (the answer has whole seconds), so no ticker published from the next second on came earlier.
  const second = new Date(`${order.delivery_at.replace(' ', 'T')}Z`).getTime()
  expect(order.close_ts!).toBeGreaterThanOrEqual(second)
  expect(tickers.list, 'the close is a replayed ticker').toContainEqual({
    ts: order.close_ts,
    close: Number(order.close_price),
  })
  expect(
    tickers.list.filter((t) => t.ts >= second + 1000 && t.ts < order.close_ts!),
    'an earlier close',
  ).toEqual([])
  tickers.close()
  const want = expectedAfter(FUNDS, order)
  console.log(`    micro: ${order.open_price} → ${order.close_price}: ${want.status}, options ${want.balance} USDT`)
  expect(order.status).toBe(want.status)
  await expect(row).toHaveAttribute('data-status', want.status)
  await expect(row.getByTestId('micro-result')).toContainText(
    want.status === 'won' ? '+85.00' : want.status === 'lost' ? '-100.00' : '0.00',
  )
  // …and the options balance moved by exactly that, in the ledger and on the screen.
  expect(await optionsUsable(server, user.token)).toBe(want.balance)
  await expect(page.getByTestId('micro-available')).toHaveText(`${money(want.balance)} USDT`)
  await shot(page, 'micro-settled-390')

  // The history: the order under Settled, its detail with the prices it settled at.
  await page.goto('/micro-info?tab=settled')
  const settledRow = page.getByTestId('micro-row').first()
  await expect(settledRow).toHaveAttribute('data-status', want.status)
  await settledRow.click()
  const sheet = page.getByTestId('micro-detail')
  const precision = await pricePrecision(server, order.symbol)
  await expect(sheet.locator('[data-fact="openPrice"]')).toHaveText(formatPrice(order.open_price, precision, 'en'))
  await expect(sheet.locator('[data-fact="closePrice"]')).toHaveText(formatPrice(order.close_price, precision, 'en'))
  await expect(sheet.locator('[data-fact="amount"]')).toHaveText('100.00 USDT')
  await expect(sheet.locator('[data-fact="rate"]')).toHaveText('85%')
  await animationsDone(page)
  await assertNoSideScroll(page)
  await shot(page, 'micro-info-detail-390')
})

/** Opens `path` at `width` px in `theme`, waits for it, and saves a screenshot. */
async function look(page: Page, path: string, name: string, ready: () => Promise<void>): Promise<void> {
  await page.goto(path)
  await ready()
  await assertNoSideScroll(page)
  await shot(page, name)
}

for (const { theme, width } of LOOKS) {
  test(`options screens fit ${width} px in ${theme}`, async ({ phone, server }) => {
    test.skip(!server.replay, 'needs the replayed recordings')
    const user = await userWithContract(server)
    const page = await phone({ session: user, theme, viewport: { width, height: 800 }, deviceScaleFactor: 2 })
    await look(page, '/micro', `micro-${theme}-${width}`, async () => {
      // The first price of a cold page: as start-up.spec.ts, up to 30 s on a loaded machine.
      await expect(page.getByTestId('micro-last-price')).toHaveText(/\d/, { timeout: 30_000 })
      await expect(page.getByTestId('micro-countdown')).toBeVisible()
    })
    await page.getByTestId('micro-row').scrollIntoViewIfNeeded()
    await shot(page, `micro-contracts-${theme}-${width}`)
    await look(page, '/micro-info?tab=open', `micro-info-${theme}-${width}`, async () => {
      await expect(page.getByTestId('micro-row')).toHaveCount(1)
    })
    await page.getByTestId('micro-row').click()
    await expect(page.getByTestId('micro-detail').locator('[data-fact="status"]')).not.toBeEmpty()
    await animationsDone(page)
    await assertNoSideScroll(page)
    await shot(page, `micro-info-detail-${theme}-${width}`)

    // The pair picker offers the pairs that have options products; ETH/USDT picked brings its own durations.
    await page.goto('/micro')
    // The first price of a cold page: as start-up.spec.ts, up to 30 s on a loaded machine.
    await expect(page.getByTestId('micro-last-price')).toHaveText(/\d/, { timeout: 30_000 })
    const pair = page.locator('button[aria-haspopup="listbox"]')
    await expect(pair).toHaveAccessibleName(/BTC\/USDT/)
    await pair.click()
    const pairs = page.getByRole('listbox')
    await expect(pairs.getByRole('option')).toHaveText([/BTC\/USDT/, /ETH\/USDT/])
    await animationsDone(page)
    await shot(page, `micro-pairs-${theme}-${width}`)
    await pairs.getByRole('option', { name: /ETH\/USDT/ }).click()
    await expect(pair).toHaveAccessibleName(/ETH\/USDT/)
    // The first price of a cold page: as start-up.spec.ts, up to 30 s on a loaded machine.
    await expect(page.getByTestId('micro-last-price')).toHaveText(/\d/, { timeout: 30_000 })
    await expect(page.getByRole('radiogroup').getByRole('radio')).toHaveCount(4)

    // Signed out: the form stays (Rise and Fall ask to log in), the contracts give way to a login prompt.
    await page.evaluate(() => localStorage.removeItem('LOGIN_TOKEN'))
    await page.reload()
    const prompt = page.locator('.mc-login')
    await expect(prompt.locator('a[href="/login"]')).toBeVisible()
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect(prompt).toBeInViewport({ ratio: 1 })
    await assertNoSideScroll(page)
    await shot(page, `micro-signed-out-${theme}-${width}`)
  })
}

/** A user with FUNDS in the options account and a 300 s Fall of 25 USDT open, for the screens to show. */
async function userWithContract(server: E2EServer): Promise<Session> {
  const user = await newUser(server, 'micro-look')
  await fundUser(server, user.token, FUNDS, FUNDS)
  const placed = await keyedCall<MicroOrder>(
    server,
    'micro/order_place',
    { symbol: 'btcusdt', direction: 'down', duration_s: 300, amount: '25', client_oid: crypto.randomUUID() },
    user.token,
  )
  expect(placed, 'order_place').toMatchObject({ code: 1 })
  return user
}

// Durations, rates, the stake's figures, the countdown and the detail's labels: every language at the narrowest phone,
// every text whole. One phone visits the languages in turn, each as a new user with a contract of its own still open
// (a 300 s contract outlives one language's visit, not ten); the cuts of each language are reported together.
test('no text is cut short at 360 px in any language: options screens', async ({ phone, server }) => {
  test.skip(!server.replay, 'needs the replayed recordings')
  test.setTimeout(LOCALES.length * 60_000)
  let page: Page | undefined
  for (const locale of LOCALES) {
    const user = await userWithContract(server)
    if (page) await switchLanguage(page, locale, user)
    else page = await phone({ ...NARROW, session: user, language: locale })
    await page.goto('/micro')
    await inLocale(page, locale)
    // The first price of a cold page: as start-up.spec.ts, up to 30 s on a loaded machine.
    await expect(page.getByTestId('micro-last-price')).toHaveText(/\d/, { timeout: 30_000 })
    await expect(page.getByTestId('micro-countdown')).toBeVisible()
    await page.locator('input[name="amount"]').fill('12345.5')
    expect.soft(await cutTexts(page), `/micro in ${locale} at 360 px: text cut short`).toEqual([])
    await assertNoSideScroll(page)
    await shot(page, `micro-${locale}-360`)
    await page.goto('/micro-info')
    await inLocale(page, locale)
    await page.getByTestId('micro-row').click()
    await expect(page.getByTestId('micro-detail').locator('[data-fact="status"]')).not.toBeEmpty()
    await settled(page)
    await animationsDone(page)
    expect.soft(await cutTexts(page), `/micro-info in ${locale} at 360 px: text cut short`).toEqual([])
    await shot(page, `micro-info-detail-${locale}-360`)
  }
})
