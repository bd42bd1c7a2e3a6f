/**
 * Futures as a phone user meets them (issue 12 "Done when"), on the real server replaying recorded market data:
 * - two users each open a 100× position on ETH/USDT, one long and one short, holding just their margin and fee, under
 *   a maintenance rate the operator sets just under 1 % (chosen from the minutes the replay is about to play, so the
 *   wait is short and certain): whichever way the replay goes, one is liquidated when the mark crosses its
 *   liquidation price, and its balance is never negative;
 * - Close all closes every position.
 * (The 10× long, its PnL and its take-profit are lever-take-profit.spec.ts.) Selectors avoid the screen's English words
 * where they can: roles, test ids and data attributes.
 */
import type { Page } from '@playwright/test'
import { add, compare, parseDecimal, subtract } from '../../common/amount'
import { toast } from './account-ui'
import { readsWithoutEvent, userStreamOf } from './engine'
import { expect, test } from './fixtures'
import { accountOf, historyOf, marketOrder, openFromForm, openLever, positionsOf } from './lever-ui'
import { barsPlayedFrom } from './replay-data'
import { adminCommand, fundUser, newUser, type Session, toFutures } from './sessions'

const d = parseDecimal

/**
 * The maintenance rate for the 100× test: the replay plays the recording minute by minute from the wall clock, so the
 * next minutes' prices are known. Over the bars of a window the price reaches both their highest high `hi` and lowest
 * low `lo`; from any opening price P a long loses or a short gains at least (hi − lo) / (hi + lo) of P (the least is
 * at P = (hi + lo) / 2). A liquidation distance of 60 % of that (the mark, a median of mid, last and a 30 s EMA, may
 * trail the last trade) is crossed within the window whichever way it goes. Answers the rate, the distance and when
 * the window ends (epoch ms).
 *
 * `x` is the account's wallet balance per unit of notional after the opening fee; the distance of a long is
 * (x − mmr) / (1 − mmr), of a short (x − mmr) / (1 + mmr) (contract-math.ts), both ≈ x − mmr at these sizes.
 */
async function liquidationPlan(x: number, from: number) {
  const MINUTE = 60_000
  // After the operator's command and both positions are open: 45 s was not enough in a CI-like run of 2026-12-02 on a
  // loaded machine (both opened 36 s into the window).
  const start = Math.ceil((from + 100_000) / MINUTE) * MINUTE
  const bars = await barsPlayedFrom('ethusdt', start, 20)
  for (let k = 3; k <= bars.length; k++) {
    const hi = Math.max(...bars.slice(0, k).map((b) => Number(b.high)))
    const lo = Math.min(...bars.slice(0, k).map((b) => Number(b.low)))
    const reach = 0.6 * ((hi - lo) / (hi + lo))
    // At most 6 decimals, rounded up (a little nearer: rounded down, the distance came out 1e-6 beyond `reach` and
    // every window calmer than 0.0006 was refused, one start minute in five), and below 1 / leverage = 0.01: with
    // this funding (x ≈ 0.0101) a distance under ~0.0001 is out of reach, and a longer window is taken instead.
    const mmr = Math.ceil((x - Math.min(reach, 0.0006)) * 1e6) / 1e6
    if (mmr < 0.01 && x - mmr <= reach) return { mmr: String(mmr), start, end: start + k * MINUTE, hi, lo }
  }
  throw new Error(`ETH/USDT barely moves in the 20 minutes from ${new Date(start).toISOString()}`)
}

test('a 100× position is liquidated when the mark crosses its liquidation price, never below zero', async ({
  phone,
  server,
}) => {
  test.skip(!server.replay, 'needs the replayed recordings')
  test.setTimeout(1_800_000) // waits for the window the plan picks: a few minutes, at most 20
  const sides = ['long', 'short'] as const
  // The two phones open one after the other: opened at once on a loaded machine, a click on the K-line page's Futures
  // button timed out after 15 s in two full runs of 2026-12-01 (each step of the page took seconds).
  const players: { side: (typeof sides)[number]; user: Session; page: Page; x: number }[] = []
  for (const side of sides) {
    const user = await newUser(server, `lever-${side}`)
    await fundUser(server, user.token, '100')
    const page = await phone({ session: user })
    await openLever(page, 'ethusdt')
    // Fund the futures account with just the margin and fee the form shows (plus 1 %): no cushion beyond it.
    await page.locator('input[name="amount"]').fill('0.1')
    await page.getByTestId('lever-leverage').click()
    const sheet = page.getByTestId('lever-leverage-sheet')
    await sheet.getByRole('textbox').fill('100')
    await sheet.locator('.btn--primary').click()
    const num = async (id: string) => d(((await page.getByTestId(id).textContent()) ?? '').replace(/[^\d.]/g, ''))
    await expect(page.getByTestId('lever-fee')).toHaveText(/\d/)
    const margin = await num('lever-margin')
    const fee = await num('lever-fee')
    const funded = d((Number(add(margin, fee)) * 1.01).toFixed(6))
    await toFutures(server, user.token, funded)
    // Wallet balance per unit of notional (100 × margin) once the opening fee is paid.
    const x = Number(subtract(funded, fee)) / (100 * Number(margin))
    await page.reload()
    await expect(page.getByTestId('lever-mark-price')).toHaveText(/\d/, { timeout: 30_000 })
    players.push({ side, user, page, x })
  }
  const plan = await liquidationPlan(Math.min(...players.map((p) => p.x)), Date.now())
  await adminCommand(server, ['contract', 'config', 'ethusdt', '--max-leverage', '100', '--mmr', plan.mmr])
  const opened = await Promise.all(
    players.map(async (p) => {
      const order = await openFromForm(p.page, p.side, 100, '0.1')
      const [position] = await positionsOf(server, p.user)
      return { ...p, order, liquidation: position!.liquidation_price! }
    }),
  )
  const where = `plan ${JSON.stringify(plan)}, opened ${opened.map((p) => `${p.side} ${p.order.fill_price} liq ${p.liquidation}`).join(', ')}`
  expect(Date.now(), `both open before the window starts (${where})`).toBeLessThan(plan.start)
  // While the user stream is live the page reads the futures account only when an event calls for it: count its
  // reads (issue 22: the liquidation must reach the screen without a poll).
  const waitFrom = Date.now()
  const reads = new Map(opened.map((p) => [p.side, [] as number[]]))
  for (const p of opened) {
    p.page.on('request', (r) => {
      if (/\/api\/contract\/(account|positions|order_list|close_orders)\b/.test(r.url()))
        reads.get(p.side)!.push(Date.now())
    })
  }
  let gone: (typeof opened)[number] | undefined
  let goneAt = 0
  // The estimate each position showed last before it went: a funding payment lowers the wallet and moves it after the
  // opening (on this server the clock-control specs have moved the funding clock ahead of the wall clock, so a
  // position opened now pays the funding times that move skipped, within seconds of opening: the CI-like run of
  // 2026-12-02 liquidated the long at 1856.5 with 1855.86 read at its opening).
  const lastEstimate = new Map(opened.map((p) => [p.side, p.liquidation]))
  await expect
    .poll(
      async () => {
        for (const p of opened) {
          const h = await historyOf(server, p.user)
          if (h.some((x) => x.state === 'liquidated') && !gone) {
            gone = p
            goneAt = Date.now()
          }
          if (gone) continue
          const [open] = await positionsOf(server, p.user)
          if (open?.liquidation_price) lastEstimate.set(p.side, open.liquidation_price)
        }
        return gone?.side
      },
      {
        message: `one of the two is liquidated (${where})`,
        timeout: plan.end + 60_000 - Date.now(),
        intervals: [1000],
      },
    )
    .toBeDefined()
  const [liquidated] = await historyOf(server, gone!.user)
  expect(liquidated).toMatchObject({ state: 'liquidated', close_reason: 'liquidation' })
  // Liquidated at a mark (the median of the mid, the last price and the EMA it recorded) at or beyond its liquidation
  // price (the estimate shown rounds toward the mark). The close itself is at the book (a long sells into the bids),
  // which may be better for the user than that price: the fill is not what triggers it.
  const inputs = liquidated!.mark_inputs!
  const mark = [inputs.mid, inputs.last, inputs.ema].map((x) => d(x)).sort(compare)[1]!
  const estimate = lastEstimate.get(gone!.side)!
  const crossed = compare(mark, d(estimate))
  const seen = `mark ${mark} (${JSON.stringify(inputs)}), liquidation price ${estimate} (at opening ${gone!.liquidation}), closed at ${liquidated!.liquidation_price}`
  expect(gone!.side === 'long' ? crossed <= 0 : crossed >= 0, `liquidated at a mark past its price: ${seen}`).toBe(true)
  const account = await accountOf(server, gone!.user)
  expect(compare(d(account.available), d('0'))).toBeGreaterThanOrEqual(0)
  expect(account.position_margin).toBe('0')
  const page = gone!.page
  // The liquidated position leaves the screen by itself (no reload), with a toast, and the page never polled while
  // it waited (a 3 s poll over the window would have read dozens of times): its reads are the event's, within
  // moments before the test noticed (it looks once a second).
  await expect(page.locator('[data-testid^="position-"]')).toHaveCount(0)
  await toast(page, 'Position liquidated · ETH/USDT')
  const goneReads = reads.get(gone!.side)!
  expect(goneReads.length, 'the liquidation read the account again').toBeGreaterThan(0)
  expect(
    readsWithoutEvent(goneReads, (await userStreamOf(page)).recent),
    `futures reads no event called for, in the ${goneAt - waitFrom} ms before the liquidation`,
  ).toEqual([])
  await page.getByRole('tab').nth(2).click()
  const row = page.getByTestId(`history-${gone!.order.position_id}`)
  await expect(row).toHaveAttribute('data-state', 'liquidation')
  await expect(page.getByTestId('lever-available')).not.toHaveText(/-/)
})

test('Close all closes every open position at the market', async ({ phone, server }) => {
  test.skip(!server.replay, 'needs the replayed recordings')
  const user = await newUser(server, 'lever-all')
  await fundUser(server, user.token, '3000')
  await toFutures(server, user.token, '3000')
  for (const [symbol, side] of [
    ['ethusdt', 'short'],
    ['btcusdt', 'short'],
  ] as const) {
    await marketOrder(server, user, { symbol, side, amount: '0.01', leverage: 20 })
  }
  const page = await phone({ session: user })
  await openLever(page, 'btcusdt')
  await openFromForm(page, 'long', 5, '0.002')
  const rows = page.locator('[data-testid^="position-"]')
  await expect(rows).toHaveCount(3)
  await page.locator('.lv-btn--close').first().click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('3')
  const done = page.waitForResponse((r) => r.url().endsWith('/api/contract/close_all'))
  await confirm.locator('.dialog__btn--primary').click()
  expect(((await (await done).json()) as { code: number }).code, 'close_all').toBe(1)
  await expect(rows).toHaveCount(0)
  expect(await positionsOf(server, user)).toEqual([])
  expect((await historyOf(server, user)).map((h) => h.close_reason)).toEqual(['manual', 'manual', 'manual'])
  expect((await accountOf(server, user)).position_margin).toBe('0')
})
