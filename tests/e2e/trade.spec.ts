/**
 * Spot trading as a phone user meets it, on the real server replaying the recorded market data: a market buy of
 * BTC/USDT fills at the replayed book's prices (the book the gateway published under the version the fill cites,
 * walked by hand here) with the 0.2 % taker fee in BTC; a limit sell far above the market waits with its BTC frozen
 * and is cancelled and unfrozen; a limit sell just under the market waits, then fills at its own price from a replayed
 * trade. The order detail shows each fill's feed event.
 */
import Big from 'big.js'
import { FeedClient } from '../helpers/market-client'
import { toast } from './account-ui'
import { assertNoSideScroll, assertOrderFormLaidOut, shot } from './context'
import { expect, test } from './fixtures'
import { api, fundUser, newUser } from './sessions'
import type { Page } from '@playwright/test'

interface Fill {
  price: string
  amount: string
  fee: string
  fee_currency: string
  feed_event: { source: string; topic: string; ts: number; price: string; ref: string; recorded: boolean | null }
}
interface OrderDetail {
  id: number
  status: string
  side: string
  type: string
  deal_amount: string
  deal_volume: string
  fee: string
  fills: Fill[]
}
type Level = [number, number]

/** Books of btcusdt as the gateway published them, by version. */
async function recordBooks(marketPort: number): Promise<{ books: Map<number, Level[]>; close: () => void }> {
  const feed = await FeedClient.connect(`ws://127.0.0.1:${marketPort}`)
  feed.send({ sub: 'market.btcusdt.depth.step0', id: 'book' })
  const books = new Map<number, Level[]>()
  const read = () => {
    for (const m of feed.messages.splice(0)) {
      const tick = m.tick as { version?: number; asks?: Level[] } | undefined
      if (m.ch === 'market.btcusdt.depth.step0' && tick?.version !== undefined) books.set(tick.version, tick.asks ?? [])
    }
  }
  const timer = setInterval(read, 100)
  await expect.poll(() => (read(), books.size), { message: 'a published btcusdt book' }).toBeGreaterThan(0)
  return { books, close: () => (clearInterval(timer), feed.ws.close()) }
}

/** The user's order `id` as trade/order_detail answers it. */
async function detail(server: Parameters<typeof api>[0], token: string, id: number): Promise<OrderDetail> {
  const answer = await api<OrderDetail>(server, 'GET', `trade/order_detail?id=${id}`, undefined, token)
  expect(answer, 'order_detail').toMatchObject({ code: 1 })
  return answer.data
}

async function newestOrderId(server: Parameters<typeof api>[0], token: string, state: 'open' | 'history') {
  const list = await api<{ list: { id: number }[] }>(server, 'GET', `trade/order_list?state=${state}`, undefined, token)
  return list.data.list[0]?.id
}

async function place(page: Page, button: 'Buy BTC' | 'Sell BTC', done: string) {
  // Exactly the form's button: an order row just cancelled, still listed for a moment, is a button named "Sell BTC/USDT
  // Limit Open" (a faster machine got there first).
  await page.getByRole('button', { name: button, exact: true }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('Do you confirm the order?')
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await toast(page, done)
}

test('spot: a market buy at the replayed book with its fee, a limit sell cancelled, and a crossing limit sell filled at once at the bids', async ({
  phone,
  server,
}) => {
  test.skip(!server.replay, 'needs the recorded market data (../shared/data/market)')
  test.slow()
  const user = await newUser(server, 'spot')
  await fundUser(server, user.token, '1000')
  const published = await recordBooks(server.marketPort)
  try {
    const page = await phone({ session: user })
    await page.goto('/trade')
    await expect(page.getByTestId('trade-available')).toHaveText('1,000.00 USDT')
    await expect(page.getByTestId('trade-last-price')).not.toHaveText('--')

    // A market buy of 0.01 BTC: the fee (0.2 % taker, in BTC) is shown before sending.
    await page.getByRole('radio', { name: 'Market' }).click()
    await page.getByLabel('Quantity (BTC)').fill('0.01')
    await expect(page.getByTestId('trade-fee')).toHaveText('≈ 0.00002000 BTC')
    await expect(page.getByTestId('trade-total')).toHaveText(/^≈ [\d,.]+ USDT$/)
    await assertNoSideScroll(page)
    await assertOrderFormLaidOut(page)
    await shot(page, 'trade-market-buy-360')
    await place(page, 'Buy BTC', 'Order filled')
    const buyId = (await newestOrderId(server, user.token, 'history'))!
    const buy = await detail(server, user.token, buyId)
    expect(buy).toMatchObject({ status: 'filled', side: 'buy', type: 'market', deal_amount: '0.01', fee: '0.00002' })
    // Every fill cites the replayed book it took, and that book's asks, walked by hand, give the same fills.
    const ref = buy.fills[0]!.feed_event.ref
    expect(ref).toMatch(/^book:\d+$/)
    for (const f of buy.fills) {
      expect(f.feed_event).toMatchObject({ source: 'replay', topic: 'market.btcusdt.depth.step0', ref })
    }
    const asks = published.books.get(Number(ref.slice('book:'.length)))
    expect(asks, `the gateway published ${ref}`).toBeDefined()
    let left = new Big('0.01')
    const walked: { price: string; amount: string }[] = []
    for (const [price, size] of asks!) {
      if (left.lte(0)) break
      const take = left.lt(size) ? left : new Big(size)
      walked.push({ price: new Big(price).toString(), amount: take.toString() })
      left = left.minus(take)
    }
    expect(buy.fills.map((f) => ({ price: f.price, amount: f.amount }))).toEqual(walked)
    const cost = walked.reduce((s, w) => s.plus(new Big(w.price).times(w.amount)), new Big(0))
    expect(
      new Big(buy.deal_volume).eq(cost),
      `deal volume ${buy.deal_volume} = Σ price × amount ${cost.toString()}`,
    ).toBe(true)

    // The order detail shows the fill and its feed event.
    await page.getByRole('tab', { name: 'Order history' }).click()
    await page.getByTestId('trade-order').first().getByRole('button').first().click()
    const sheet = page.getByTestId('trade-order-detail')
    await expect(sheet.getByTestId('trade-fill')).toHaveCount(buy.fills.length)
    await expect(sheet.getByTestId('trade-feed-event').first()).toContainText(ref)
    await expect(sheet.getByTestId('trade-feed-event').first()).toContainText('market.btcusdt.depth.step0')
    await shot(page, 'trade-order-detail-360')
    await page.keyboard.press('Escape')

    // A limit sell far above the market waits with its BTC frozen; cancelled, the BTC is usable again.
    const bought = new Big('0.01').minus('0.00002').toFixed(8) // 0.00998000 (BTC's display scale): the fee was taken in BTC
    await page.getByRole('radio', { name: 'Sell' }).click()
    await page.getByRole('radio', { name: 'Limit' }).click()
    await expect(page.getByTestId('trade-available')).toHaveText(`${bought} BTC`)
    const last = new Big((await page.getByTestId('trade-last-price').textContent())!.replace(/,/g, ''))
    await page.getByLabel('Price (USDT)').fill(last.times(1.5).round(2).toString())
    await page.getByLabel('Quantity (BTC)').fill('0.005')
    await place(page, 'Sell BTC', 'Order placed')
    await page.getByRole('tab', { name: 'Current orders' }).click()
    const open = page.getByTestId('trade-order').filter({ hasText: 'Sell' })
    await expect(open).toHaveAttribute('data-status', 'pending')
    await expect(page.getByTestId('trade-available')).toHaveText('0.00498000 BTC')
    await shot(page, 'trade-limit-open-360')
    await open.getByRole('button', { name: 'Cancel' }).click()
    await toast(page, 'Order cancelled')
    await expect(page.getByTestId('trade-available')).toHaveText(`${bought} BTC`)

    // A limit sell just under the market crosses the bids: it executes at once as a taker (issue 21 part 4), at the
    // book's bids, never below its own price, citing the book it took.
    const under = new Big((await page.getByTestId('trade-last-price').textContent())!.replace(/,/g, ''))
      .times(0.998)
      .round(2, Big.roundDown)
      .toString()
    await page.getByLabel('Price (USDT)').fill(under)
    await page.getByLabel('Quantity (BTC)').fill('0.004')
    await place(page, 'Sell BTC', 'Order filled')
    const sellId = (await newestOrderId(server, user.token, 'history'))!
    const sell = await detail(server, user.token, sellId)
    expect(sell.status).toBe('filled')
    for (const f of sell.fills) {
      expect(new Big(f.price).gte(under), 'a bid at or above the limit price').toBe(true)
      expect(f.feed_event).toMatchObject({ source: 'replay', topic: 'market.btcusdt.depth.step0' })
      expect(f.feed_event.ref).toMatch(/^book:\d+$/)
    }
    // The fee of a sell is taken in USDT: 0.2 % of what the sale brought, rounded up to the unit (fills.ts).
    expect(sell.fee).toBe(new Big(sell.deal_volume).times('0.002').round(6, Big.roundUp).toString())
    await page.getByRole('tab', { name: 'Order history' }).click()
    await expect(page.getByTestId('trade-order').first()).toHaveAttribute('data-status', 'filled')
    const overview = await api<{ wallets: { wallet: string; balances: { currency: string; available: string }[] }[] }>(
      server,
      'GET',
      'assets/overview',
      undefined,
      user.token,
    )
    const spot = overview.data.wallets.find((w) => w.wallet === 'spot')!.balances
    const usdt = new Big(1000).minus(buy.deal_volume).plus(sell.deal_volume).minus(sell.fee)
    expect(spot.find((b) => b.currency === 'USDT')?.available).toBe(usdt.toString())
    expect(spot.find((b) => b.currency === 'BTC')?.available).toBe(new Big(bought).minus('0.004').toString())
  } finally {
    published.close()
  }
})
