/**
 * Two futures refusals as a phone user meets them (issue 21 "Done when"), on the real server replaying recorded data:
 * - a transfer out of the futures wallet over what may leave it (server/trading/contract/transferable.ts: the open
 *   positions' margin stays and their losses are covered) is refused under the amount with the maximum named;
 * - a take-profit the mark has already passed is refused ("would trigger immediately: the mark price is already …")
 *   under the take-profit field of the position's TP / SL sheet.
 * Each user holds a 10× long and a 10× short of 0.01 BTC (the venue keeps both): one opens at the ask and one at the
 * bid, so at least one of them is at a loss whatever the mark does, and the mark soon runs past one opening price.
 * The screens are shot at 360 px, light and dark.
 */
import type { Locator, Page } from '@playwright/test'
import { add, compare, parseDecimal, subtract } from '../../common/amount'
import type { Position } from '../../common/api/contract'
import { shot } from './context'
import { marketOrder } from './lever-ui'
import { expect, test, type E2EServer } from './fixtures'
import { printsPlayedBetween } from './replay-data'
import { api, fundUser, keyedCall, newUser, type Session, toFutures } from './sessions'

const d = parseDecimal
const NARROW = { width: 360, height: 780 }

/** A user with 1,000 USDT in the futures wallet holding a 10× long and a 10× short of 0.01 BTC/USDT. */
async function hedgedUser(server: E2EServer, prefix: string): Promise<Session> {
  const user = await newUser(server, prefix)
  await fundUser(server, user.token, '2000')
  await toFutures(server, user.token, '1000')
  for (const side of ['long', 'short'] as const) {
    await marketOrder(server, user, { symbol: 'btcusdt', side, amount: '0.01', leverage: 10 })
  }
  return user
}

/** The error shown under `input` (its aria-describedby note once the field is marked invalid). */
async function errorUnder(page: Page, input: Locator): Promise<Locator> {
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  const id = (await input.getAttribute('aria-describedby'))!
  return page.locator(`[id="${id}"]`)
}

/** The page as it is, in the light theme and in the dark one. */
async function shotBoth(page: Page, name: string): Promise<void> {
  await shot(page, `${name}-light`)
  const theme = (t: string) =>
    page.evaluate((value) => {
      document.documentElement.dataset.theme = value
      document.documentElement.style.colorScheme = value
    }, t)
  await theme('dark')
  await shot(page, `${name}-dark`)
  await theme('light')
}

test('a transfer out of the futures wallet over the cap is refused, naming the maximum', async ({ phone, server }) => {
  test.skip(!server.replay, 'needs the replayed recordings')
  const user = await hedgedUser(server, 'cap')
  const page = await phone({ session: user, viewport: NARROW })
  await page.goto('/transfer')
  // From futures: the wallets swap, to the coin account.
  const [from, to] = [page.locator('.fd-wallets__select').first(), page.locator('.fd-wallets__select').last()]
  await from.selectOption('contract')
  await expect(to).toHaveValue('spot')
  const futures = async () =>
    d((await api<{ available: string }>(server, 'GET', 'contract/account', undefined, user.token)).data.available)
  const available = await futures()
  expect(compare(available, d('0')), 'something available in the futures wallet').toBeGreaterThan(0)
  // The whole available balance, typed: more than may leave while the losing leg needs cover.
  await page.locator('input[name="amount"]').fill(String(available))
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/assets/transfer'))
  await page.getByRole('button', { name: 'Transfer', exact: true }).click()
  expect(((await (await sent).json()) as { code: number }).code, 'refused').not.toBe(1)
  const error = await errorUnder(page, page.locator('input[name="amount"]'))
  const named =
    /^At most (\d+(?:\.\d+)?) USDT can leave the futures wallet now: the rest holds your positions' margin and covers their losses$/
  await expect(error).toHaveText(named)
  // The maximum is the available balance less the losing leg's loss: below it, and more than nothing.
  const max = d(named.exec((await error.textContent())!)![1]!)
  expect(compare(max, available), `maximum ${max} below the available ${available}`).toBeLessThan(0)
  expect(compare(max, d('0'))).toBeGreaterThan(0)
  await shotBoth(page, 'transfer-over-cap-360')
  expect(compare(await futures(), available), 'nothing left the futures wallet').toBe(0)
  // "All" offers what may leave now, not the whole balance: the tap reads the cap again (contract/account
  // max_transfer_out) and fills in exactly the figure the server answered. The cap moves with the mark (and equals the
  // balance at a mark where neither leg loses: the derived book can open both at one price), so the field is compared
  // with the page's own read, tapping again while that read could not value the positions (null: a stale mark).
  const input = page.locator('input[name="amount"]')
  await expect
    .poll(
      async () => {
        await input.fill('')
        const reread = page.waitForResponse((r) => r.url().endsWith('/api/contract/account'))
        await page.locator('.fd-all').click()
        const cap = ((await (await reread).json()) as { data: { max_transfer_out: string | null } }).data
          .max_transfer_out
        if (cap === null) return 'no cap: the mark was stale'
        await expect.poll(async () => compare(d(await input.inputValue()), d(cap))).toBe(0)
        return 'filled with the cap'
      },
      { message: 'All fills in the cap the server answers', timeout: 60_000 },
    )
    .toBe('filled with the cap')
  expect(compare(d(await input.inputValue()), d('0'))).toBeGreaterThan(0)
})

test('a take-profit the mark has already passed is refused under the take-profit field', async ({ phone, server }) => {
  test.skip(!server.replay, 'needs the replayed recordings')
  // Waits for the replayed mark to run PASSED_BY past one of the opening prices while the replay's coming prints
  // (printsPlayedBetween, the server's own player run ahead) stay HELD past it for the next HOLD_MS: long enough for the
  // sheet and the direct call to meet the mark still there. Over 600 start times in the three days of BTC/USDT that
  // comes 2 s after the two open at the median, 2 minutes at the 95th percentile and 11 at most (BTC/USDT's calm
  // stretches); a $1 move without the look-ahead took 50 s at the median and 14 minutes at most (the CI run of 89f35d0
  // waited 8).
  test.setTimeout(1_020_000)
  const PASSED_BY = d('0.25') // USDT
  const HELD = 0.15 // USDT beyond the opening price
  const HOLD_MS = 20_000
  const user = await hedgedUser(server, 'tp-passed')
  const page = await phone({ session: user, viewport: NARROW })
  await page.goto('/lever')
  await expect(page.getByTestId('lever-mark-price')).toHaveText(/\d/, { timeout: 30_000 })
  await expect(page.locator('[data-testid^="position-"]')).toHaveCount(2)
  const sheet = page.getByTestId('tpsl-sheet')
  const tp = sheet.locator('input[name="tp"]')
  const refusal = /^This take-profit would trigger immediately: the mark price is already [\d.,]+$/

  // Until the page and the server both refuse it: the mark may come back between the wait and the sheet being sent
  // (the take-profit is then set, and removed before the next try).
  let passed: { position: Position; tp: string } | undefined
  for (let attempt = 1; ; attempt++) {
    expect(attempt, 'tries before the mark stayed past an opening price').toBeLessThan(8)
    passed = undefined
    // The server's mark past one opening price: a long's mark above its open, or a short's below.
    await expect
      .poll(
        async () => {
          const positions = (await api<Position[]>(server, 'GET', 'contract/positions', undefined, user.token)).data
          for (const p of positions) {
            if (!p.mark_price) continue
            const open = d(p.open_price)
            const gap = p.side === 'long' ? subtract(d(p.mark_price), open) : subtract(open, d(p.mark_price))
            if (compare(gap, PASSED_BY) < 0) continue
            const now = Date.now()
            const coming = await printsPlayedBetween('btcusdt', now, now + HOLD_MS)
            const stays = (price: number) =>
              p.side === 'long' ? price >= Number(open) + HELD : price <= Number(open) - HELD
            if (coming.every((t) => stays(t.price))) {
              // One cent beyond the opening price, on the profit side: a valid take-profit the mark has passed.
              const tp = String(p.side === 'long' ? add(open, d('0.01')) : subtract(open, d('0.01')))
              passed = { position: p, tp }
              return true
            }
          }
          return false
        },
        { message: 'the mark runs past an opening price', timeout: 900_000, intervals: [500] },
      )
      .toBe(true)
    const row = page.getByTestId(`position-${passed!.position.id}`)
    await row.getByTestId('tpsl').click()
    await tp.fill(passed!.tp)
    // The sheet checks it against the mark on screen and refuses it under the field in the server's words before
    // sending (or the server does, when the page's mark lags its own); the server refuses the same take-profit sent
    // directly.
    await sheet.locator('button[type="submit"]').click()
    const refused = await expect(tp)
      .toHaveAttribute('aria-invalid', 'true', { timeout: 5_000 })
      .then(() => true)
      .catch(() => false)
    if (refused) {
      const error = await errorUnder(page, tp)
      await expect(error).toHaveText(refusal)
      await expect(sheet).toBeVisible() // the sheet stays open with the refusal
      const answer = await keyedCall(
        server,
        'contract/position_tpsl',
        { id: passed!.position.id, tp: passed!.tp },
        user.token,
      )
      if (answer.code !== 1) {
        expect(answer.msg).toMatch(/^This take-profit would trigger immediately: the mark price is already [\d.]+$/)
        break
      }
    }
    // Taken: the mark came back first. Removed, and the sheet closed, before the next try.
    const removed = await keyedCall(server, 'contract/position_tpsl', { id: passed!.position.id, tp: null }, user.token)
    expect(removed, 'take-profit removed').toMatchObject({ code: 1 })
    await page.goto('/lever')
    await expect(page.locator('[data-testid^="position-"]')).toHaveCount(2)
  }
  await shotBoth(page, 'lever-tp-passed-360')
  const after = (await api<Position[]>(server, 'GET', 'contract/positions', undefined, user.token)).data
  expect(after.find((p) => p.id === passed!.position.id)?.tp, 'no take-profit set').toBeNull()
})
