/**
 * The Futures tab as phones show it, on the real server replaying the recorded markets: a user with a 10× BTC/USDT long
 * open (and one closed, for the history) sees the form, the live position, the leverage and TP/SL sheets and a closed
 * position's detail at 360 px in light and 540 px in dark (phone.ts LOOKS), and the login prompt when signed out; no
 * text is cut short at 360 px in any of the ten languages. Screenshots for people land in tests/e2e/out/. (The
 * Done-when journey of issue 12 is lever.spec.ts.)
 *
 * Selectors avoid the screen's own words: the built app's catalogs are filled by translators; roles, test ids and data
 * attributes hold whatever the language.
 */
import type { Page } from '@playwright/test'
import type { ContractOrder } from '../../common/api/contract'
import { animationsDone, assertNoSideScroll, assertOrderFormLaidOut, settled, shot } from './context'
import { expect, test, type E2EServer } from './fixtures'
import { LOOKS } from './phone'
import { fundUser, keyedCall, newUser, type Session, toFutures } from './sessions'
import { cutTexts, inLocale, LOCALES, NARROW, switchLanguage } from './text-cut'

/** Places a futures order for `user` through the API; answers it. */
async function place(server: E2EServer, user: Session, body: object): Promise<ContractOrder> {
  const answer = await keyedCall<ContractOrder>(
    server,
    'contract/order_place',
    { symbol: 'btcusdt', type: 'market', client_oid: crypto.randomUUID(), ...body },
    user.token,
  )
  expect(answer, 'order_place').toMatchObject({ code: 1 })
  return answer.data
}

/** A user with 500 USDT in the futures account, a 10× long of 0.01 BTC open and a 50× short opened and closed. */
async function userWithPosition(server: E2EServer): Promise<Session> {
  const user = await newUser(server, 'lever-look')
  await fundUser(server, user.token, '1000')
  await toFutures(server, user.token, '500')
  const short = await place(server, user, { side: 'short', amount: '0.002', leverage: 50 })
  const closed = await keyedCall(server, 'contract/position_close', { id: short.position_id }, user.token)
  expect(closed, 'position_close').toMatchObject({ code: 1 })
  await place(server, user, { side: 'long', amount: '0.01', leverage: 10 })
  return user
}

/** /lever with its prices and the user's position live. */
async function openLever(page: Page): Promise<void> {
  await page.goto('/lever')
  await expect(page.getByTestId('lever-mark-price')).toHaveText(/\d/)
  const position = page.locator('[data-testid^="position-"]')
  await expect(position).toHaveCount(1)
  await expect(position.getByTestId('upnl')).toHaveText(/\d/)
  await settled(page)
}

/** Opens a sheet with `open`, waits for it to stand still, checks the page and saves a screenshot. */
async function sheetShot(page: Page, open: () => Promise<void>, name: string): Promise<void> {
  await open()
  await expect(page.getByRole('dialog')).toBeVisible()
  await animationsDone(page)
  await assertNoSideScroll(page)
  await shot(page, name)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
}

for (const { theme, width } of LOOKS) {
  test(`futures screen fits ${width} px in ${theme}`, async ({ phone, server }) => {
    test.skip(!server.replay, 'needs the replayed recordings')
    const user = await userWithPosition(server)
    const page = await phone({ session: user, theme, viewport: { width, height: 800 }, deviceScaleFactor: 2 })
    await openLever(page)
    await page.locator('input[name="amount"]').fill('0.01')
    await expect(page.getByTestId('lever-margin')).toHaveText(/\d/)
    await assertNoSideScroll(page)
    await assertOrderFormLaidOut(page)
    await shot(page, `lever-${theme}-${width}`)
    const position = page.locator('[data-testid^="position-"]')
    await position.scrollIntoViewIfNeeded()
    await shot(page, `lever-position-${theme}-${width}`)
    await sheetShot(page, () => page.getByTestId('lever-leverage').click(), `lever-leverage-${theme}-${width}`)
    await sheetShot(page, () => position.getByTestId('tpsl').click(), `lever-tpsl-${theme}-${width}`)
    await page.getByRole('tab').nth(2).click()
    const closed = page.locator('[data-testid^="history-"]')
    await expect(closed).toHaveCount(1)
    await expect(closed).toHaveAttribute('data-state', 'manual')
    await closed.scrollIntoViewIfNeeded()
    await shot(page, `lever-history-${theme}-${width}`)
    await sheetShot(page, () => closed.getByRole('button').click(), `lever-history-detail-${theme}-${width}`)

    // Signed out: the form stays (its button asks to log in), the positions give way to a login prompt.
    await page.evaluate(() => localStorage.removeItem('LOGIN_TOKEN'))
    await page.reload()
    const prompt = page.locator('.lv-login')
    await expect(prompt.locator('a[href="/login"]')).toBeVisible()
    await expect(page.getByTestId('lever-mark-price')).toHaveText(/\d/)
    await assertNoSideScroll(page)
    await shot(page, `lever-signed-out-${theme}-${width}`)
  })
}

// The form's labels and figures, a position's facts, the history's detail: every language at the narrowest phone,
// every text whole. One phone visits the languages in turn; the cuts of each are reported together.
test('no text is cut short at 360 px in any language: futures screen', async ({ phone, server }) => {
  test.skip(!server.replay, 'needs the replayed recordings')
  test.setTimeout(LOCALES.length * 60_000)
  const user = await userWithPosition(server)
  let page: Page | undefined
  for (const locale of LOCALES) {
    if (page) await switchLanguage(page, locale)
    else page = await phone({ ...NARROW, session: user, language: locale })
    await page.goto('/lever')
    await inLocale(page, locale)
    await expect(page.getByTestId('lever-mark-price')).toHaveText(/\d/)
    await expect(page.locator('[data-testid^="position-"]').getByTestId('upnl')).toHaveText(/\d/)
    await page.locator('input[name="amount"]').fill('0.0123')
    await expect(page.getByTestId('lever-margin')).toHaveText(/\d/)
    await settled(page)
    expect.soft(await cutTexts(page), `/lever in ${locale} at 360 px: text cut short`).toEqual([])
    await assertNoSideScroll(page)
    await shot(page, `lever-${locale}-360`)
    await page.getByRole('tab').nth(2).click()
    await page.locator('[data-testid^="history-"]').getByRole('button').click()
    await expect(page.getByTestId('lever-feed-event')).toBeVisible()
    await animationsDone(page)
    expect.soft(await cutTexts(page), `/lever history detail in ${locale} at 360 px: text cut short`).toEqual([])
    await shot(page, `lever-history-detail-${locale}-360`)
    await page.keyboard.press('Escape')
  }
})
