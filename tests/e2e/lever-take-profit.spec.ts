/**
 * Futures as a phone user meets them (issue 12 "Done when"), on the real server replaying recorded market data: a user
 * opens a 10× long on BTC/USDT in the app (with an ETH/USDT short beside it: cross margin, so the long's liquidation
 * price follows ETH's mark) and sees its PnL, the margin ratio and its liquidation price move with the replay; sets a
 * take-profit the replay reaches (on the long, or, when prices are about to fall, on a short opened for it) and sees it
 * close at that price, with the income in history. (The 100× liquidation and Close all are lever.spec.ts.)
 *
 * Its waits are the replay's: it runs in the `price-waits` project beside the rest. Funding charged meanwhile (another
 * spec moving the server's clock) changes neither realized PnL nor income (views.ts: funding is its own ledger kind).
 */
import { compare, parseDecimal, subtract } from '../../common/amount'
import { realizedPnl } from '../../common/trading/contract-math'
import type { ContractOrder, Position } from '../../common/api/contract'
import { expect, test } from './fixtures'
import { historyOf, marketOrder, openFromForm, openLever, positionsOf } from './lever-ui'
import { printsPlayedBetween } from './replay-data'
import { fundUser, newUser, toFutures } from './sessions'

const d = parseDecimal
/** Base units of BTC the test trades: PnL shown to the cent moves with every $0.10 of the mark. */
const SIZE = '0.1'

test('a 10× long moves with the replay, and a take-profit closes a position at that price with the income in history', async ({
  phone,
  server,
}) => {
  test.skip(!server.replay, 'needs the replayed recordings')
  test.setTimeout(1_800_000) // the waits are the replay's calm stretches: 14 minutes within $0.71 at most (see takeProfitPlan)
  const user = await newUser(server, 'lever')
  await fundUser(server, user.token, '2000')
  // A small futures account: its positions then have a liquidation price (a well-covered long has none).
  await toFutures(server, user.token, '600')
  await marketOrder(server, user, { symbol: 'ethusdt', side: 'short', amount: '0.1', leverage: 10 }, 'the ETH short')
  const page = await phone({ session: user })
  await openLever(page, 'btcusdt')
  const order = await openFromForm(page, 'long', 10, SIZE, true)
  expect(order).toMatchObject({ side: 'long', leverage: 10, amount: SIZE })
  const position = page.getByTestId(`position-${order.position_id}`)
  await expect(position).toBeVisible()
  await expect(position).toHaveAttribute('data-side', 'long')
  await expect(position.getByTestId('margin')).toHaveText(/\d/)

  // PnL, the account's equity (its margin balance) and the liquidation price move with the replayed marks (BTC's and
  // ETH's). (The margin ratio is shown to 2 decimals: a calm replayed minute can leave it unchanged for minutes.) Each
  // has to have changed once, whichever order they change in. The 0.1 BTC position's PnL and the equity, shown to the
  // cent, move with every $0.10 of BTC's mark, the liquidation price with every cent of ETH's (0.1 ETH short / 0.1 BTC).
  // Over 600 start times in the three days of BTC/USDT a $0.10 move comes within 2 s at the median, 80 s at the 95th
  // percentile and 8 minutes at most (0.01 BTC took a $1 move: 50 s at the median, 14 minutes at most).
  const read = async () =>
    Promise.all([
      position.getByTestId('upnl').textContent(),
      position.getByTestId('liq-price').textContent(),
      page.getByTestId('lever-equity').textContent(),
    ])
  await expect(position.getByTestId('liq-price')).toHaveText(/\d/)
  await expect(page.getByTestId('lever-margin-ratio')).toHaveText(/^\d+(\.\d+)?%$/)
  const first = await read()
  const names = ['PnL', 'liquidation price', 'equity'] as const
  const moved = new Set<string>()
  await expect
    .poll(
      async () => {
        const now = await read()
        names.forEach((name, k) => now[k] !== first[k] && moved.add(name))
        return names.filter((name) => !moved.has(name))
      },
      { message: 'PnL, liquidation price and equity each move', timeout: 12 * 60_000, intervals: [1_000] },
    )
    .toEqual([])

  // The take-profit: the replay plays the recording from the wall clock, so the trades it prints next are known
  // (takeProfitPlan). When a long's take-profit just above the mark is the one reached first, it goes on this long; when
  // a short's just below is (a falling stretch), the long is closed by hand and a short opened for it (then the plan
  // stays on that side). Once the replayed mark crosses it the position is closed at the book (a take-profit is a
  // conditional market order, issue 21 part 4): a long sells into the bids, so it closes at the bid then, not at the
  // take-profit. A mark that passed it while the sheet was open refuses it ("would trigger immediately"): the plan is
  // made again.
  let taken: { order: ContractOrder; tp: string } | undefined
  let current = order
  let flipped = false
  for (let attempt = 1; attempt <= 4 && !taken; attempt++) {
    const markText = (await page.getByTestId('lever-mark-price').textContent())?.replace(/[^\d.]/g, '') ?? ''
    expect(markText, 'the mark shown').toMatch(/^\d+(\.\d+)?$/)
    const held = (await positionsOf(server, user)).find((p: Position) => p.id === current.position_id)!
    const plan = await takeProfitPlan('btcusdt', held, Number(markText), Date.now(), !flipped)
    if (plan.side !== current.side) {
      flipped = true
      // Close opens the Close sheet (issue 21 part 1): the whole position at market by default.
      const row = page.getByTestId(`position-${current.position_id}`)
      await row.locator('.lv-pos__foot .lv-btn--close').click()
      const closeSheet = page.getByTestId('close-sheet')
      await expect(closeSheet.locator('input[name="amount"]')).toHaveValue(current.amount)
      await closeSheet.locator('button[type="submit"]').click()
      await expect(row).toHaveCount(0)
      current = await openFromForm(page, plan.side, 10, SIZE)
      continue // a plan from the mark now
    }
    const row = page.getByTestId(`position-${current.position_id}`)
    await row.getByTestId('tpsl').click()
    const sheet = page.getByTestId('tpsl-sheet')
    await sheet.locator('input[name="tp"]').fill(plan.tp)
    const saved = page
      .waitForResponse((r) => r.url().endsWith('/api/contract/position_tpsl'))
      .then(async (r) => (await r.json()) as { code: number; msg: string })
      .catch(() => null) // nothing sent: the sheet refused it itself
    await sheet.locator('button[type="submit"]').click()
    // The sheet itself refuses a take-profit the mark has passed meanwhile (nothing is sent), or the server does.
    const refusal = sheet.getByRole('alert')
    const answer = await Promise.race([saved, refusal.waitFor().then(() => null)])
    if (answer?.code !== 1) {
      if (answer) expect(answer.msg, 'position_tpsl').toMatch(/would trigger immediately/)
      else await expect(refusal).toContainText(/would trigger immediately/)
      await page.keyboard.press('Escape') // the sheet stays open with the refusal
      await expect(sheet).toHaveCount(0)
      continue
    }
    await expect(row, `the take-profit reached (${JSON.stringify(plan)})`).toHaveCount(0, {
      timeout: plan.by + 60_000 - Date.now(),
    })
    taken = { order: current, tp: plan.tp }
  }
  expect(taken, 'a take-profit set within four plans').toBeDefined()
  const closed = (await historyOf(server, user)).find((h) => h.id === taken!.order.position_id)!
  expect(closed).toMatchObject({ close_reason: 'take_profit', state: 'closed' })
  // At the book when the mark reached the take-profit: (close − open) × size (a short: open − close), minus the fees;
  // near the take-profit (the close sells into the bids, or buys from the asks, the moment the mark crosses it: a tick
  // away, or a second's move when the price runs; 0.02 % of BTC's ~28,000 is ~$5.6).
  expect(closed.realized_pnl).toBe(
    String(realizedPnl(taken!.order.side, d(SIZE), d(closed.open_price), d(closed.close_price!), 'USDT')),
  )
  const beyond =
    taken!.order.side === 'long'
      ? subtract(d(closed.close_price!), d(taken!.tp))
      : subtract(d(taken!.tp), d(closed.close_price!))
  const near = d((Number(taken!.tp) * 0.0002).toFixed(2))
  expect(
    compare(beyond, subtract(d('0'), near)),
    `closed at ${closed.close_price}, take-profit ${taken!.tp}`,
  ).toBeGreaterThan(0)
  expect(closed.income).toBe(String(subtract(d(closed.realized_pnl), d(closed.fee))))
  await page.getByRole('tab').nth(2).click()
  const row = page.getByTestId(`history-${taken!.order.position_id}`)
  await expect(row).toHaveAttribute('data-state', 'take_profit')
  await expect(row.getByTestId('close-price')).toHaveText(/\d/)
  await expect(row.getByTestId('income')).toHaveText(/\d/)
})

/**
 * Which side's take-profit the replay reaches first, at what price and by when (epoch ms), from the trades it is about
 * to print (printsPlayedBetween: the server's own player run ahead on the wall clock `from`, epoch ms). The replay
 * prints once a second and sends a book around the last price once a second, so the mark (the median of the mid, the
 * last price and a 30 s EMA) is within a tick of the last price or the one before it: a mark is taken as reached when
 * two seconds' prices in a row are REACH beyond it.
 * - A take-profit must lie beyond the opening price and beyond the mark when it is set, or it is refused
 *   (close.ts setTpsl): the held side's goes MARGIN beyond its opening price, the mark and every price until the sheet
 *   is sent (SHEET_MS);
 * - with `flip`, the other side's too (the held one closed and the other opened first: FLIP_MS), beyond every price
 *   until then (its opening price is one of them, one tick away).
 * Over 600 start times in the three days of BTC/USDT (a long held at the price of the moment) the earlier is reached
 * 64 s later at the median, 3.3 minutes at the 95th percentile and 10 at most (BTC/USDT's calm stretches: within $0.71
 * for 14 minutes at most); the plan of 0.005 % beyond the mark over whole minutes it replaces took 1.7, 9.7 and 29. Throws when neither is reached in 30 minutes.
 */
async function takeProfitPlan(symbol: string, held: Position, mark: number, from: number, flip: boolean) {
  const SHEET_MS = 20_000
  const FLIP_MS = 45_000
  const MARGIN = 0.1
  const REACH = 0.1
  const prints = await printsPlayedBetween(symbol, from, from + 30 * 60_000)
  // The price in force at the end of each second from `from` (the last print at or before it).
  const seconds: { ts: number; price: number }[] = []
  let k = 0
  let price = mark
  for (let ts = from; ts <= from + 30 * 60_000; ts += 1000) {
    while (k < prints.length && prints[k]!.ts <= ts) price = prints[k++]!.price
    seconds.push({ ts, price })
  }
  const plan = (side: 'long' | 'short', guardMs: number, open: number | undefined) => {
    const up = side === 'long'
    const guard = seconds.filter((s) => s.ts <= from + guardMs).map((s) => s.price)
    const edge = up ? Math.max(mark, ...guard, open ?? -Infinity) : Math.min(mark, ...guard, open ?? Infinity)
    const tp = up ? Math.ceil((edge + MARGIN) * 100) / 100 : Math.floor((edge - MARGIN) * 100) / 100
    const past = (p: number) => (up ? p >= tp + REACH : p <= tp - REACH)
    const at = seconds.findIndex((s, i) => s.ts > from + guardMs && past(s.price) && past(seconds[i - 1]!.price))
    return { side, tp: tp.toFixed(2), by: at < 0 ? Infinity : seconds[at]!.ts }
  }
  const plans = [plan(held.side, SHEET_MS, Number(held.open_price))]
  if (flip) plans.push(plan(held.side === 'long' ? 'short' : 'long', FLIP_MS + SHEET_MS, undefined))
  const best = plans.reduce((a, b) => (b.by < a.by ? b : a))
  if (!Number.isFinite(best.by)) throw new Error(`${symbol} does not reach a take-profit in 30 minutes from ${from}`)
  return best
}
