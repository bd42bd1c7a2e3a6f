/**
 * Price alerts and notifications (issue 24 part 6 "Done when": an alert fires a toast), on the real server replaying
 * the recordings: on BTC/USDT's K-line page a signed-in user refuses nothing the server would not (an alert already
 * met is refused under the price field, in the server's words), creates alerts, sees them listed, deletes one, and
 * sets one a price tick away from the live last price, which the replay crosses within a minute or two: the toast
 * says so and the sheet lists it as triggered. The notification settings screen states this browser's push truthfully
 * (headless Chromium has no push service; the test context blocks service workers) and saves a kind's switch.
 *
 * Which side: the replay plays the recording minute by minute from the wall clock (replay-data.ts), so the bars of the
 * next minutes are known. The alert goes on the side the earliest of them reaches (a bar from the next minute on
 * spans its whole low–high range within its minute), one tick (0.01 USDT) beyond the last price; BTC/USDT moves more
 * than a tick nearly every minute, so it fires at once or within two minutes, not after a calm stretch.
 */
import type { Locator, Page } from '@playwright/test'
import Big from 'big.js'
import { toast } from './account-ui'
import { expect, test } from './fixtures'
import { barsPlayedFrom } from './replay-data'
import { api, newUser } from './sessions'

const MINUTE = 60_000
const TICK = '0.01'

/** The number a price text shows ("28,500.37" → "28500.37"). */
const plain = (text: string) => text.replace(/,/g, '').trim()
/** A price as the app writes it in English at BTC/USDT's 2 decimals ("28,500.37"). */
function shown(v: Big): string {
  const [int = '0', frac = ''] = v.toFixed(2).split('.')
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`
}

/** Opens BTC/USDT's K-line page and its alert sheet once the price is live; answers the sheet. */
async function openAlerts(page: Page): Promise<Locator> {
  await page.goto('/kline?symbol=btcusdt')
  await expect(page.getByTestId('kline-last-price')).toHaveText(/\d/)
  await page.getByRole('button', { name: 'Price alerts' }).click()
  const sheet = page.getByRole('dialog', { name: 'Price alerts · BTC/USDT' })
  await expect(sheet).toBeVisible()
  return sheet
}

/** The live last price the sheet shows. */
async function lastPrice(sheet: Locator): Promise<Big> {
  await expect(sheet.getByTestId('alert-last')).toHaveText(/\d/)
  return new Big(plain(await sheet.getByTestId('alert-last').innerText()))
}

async function create(sheet: Locator, direction: 'above' | 'below', price: string): Promise<void> {
  await sheet.getByRole('radio', { name: direction === 'above' ? 'Rises to' : 'Falls to' }).click()
  await sheet.getByLabel('Price (USDT)').fill(price)
  await sheet.getByTestId('alert-create').click()
}

/**
 * The side the replay reaches first, from the next minute on: above when the earliest bar whose range leaves
 * `last` ± a tick goes up there, else below; and the end of that bar (epoch ms), by which it has fired.
 */
async function quickSide(last: Big): Promise<{ direction: 'above' | 'below'; by: number }> {
  const now = Date.now()
  const bars = await barsPlayedFrom('btcusdt', now, 15)
  for (let k = 1; k < bars.length; k++) {
    const by = Math.ceil(now / MINUTE) * MINUTE + k * MINUTE
    if (new Big(bars[k]!.high).gte(last.plus(TICK))) return { direction: 'above', by }
    if (new Big(bars[k]!.low).lte(last.minus(TICK))) return { direction: 'below', by }
  }
  throw new Error(`BTC/USDT stays within a tick of ${last.toFixed(2)} for 15 minutes`)
}

test('price alerts on BTC/USDT: refused when met, created, listed, deleted, and a toast when the replay crosses one', async ({
  phone,
  server,
}) => {
  test.skip(!server.replay, 'needs the replayed recordings')
  test.setTimeout(420_000)
  const user = await newUser(server, 'alerts')
  const page = await phone({ session: user })
  const sheet = await openAlerts(page)
  const price = sheet.getByLabel('Price (USDT)')
  // The form starts from the last price, at the market's 2 decimals.
  await expect(price).toHaveValue(/^\d+\.\d{2}$/)
  await expect(sheet.getByText('No price alerts on this market yet.')).toBeVisible()

  // Already met: "rises to" half the price. The server refuses it and says why, under the price field.
  const last = await lastPrice(sheet)
  await create(sheet, 'above', last.div(2).toFixed(2))
  await expect(sheet.locator('.field--error .field__error')).toContainText('is already at or above this price')
  await expect(sheet.getByTestId('alert-row')).toHaveCount(0)

  // Two alerts far away: listed highest first, each with its delete button.
  const high = last.times(2)
  const low = last.div(2)
  await create(sheet, 'above', high.toFixed(2))
  await toast(page, `Alert set: rises to ${shown(high)}`)
  await create(sheet, 'below', low.toFixed(2))
  await toast(page, `Alert set: falls to ${shown(low)}`)
  const rows = sheet.locator('[data-testid="alert-row"][data-state="active"]')
  await expect(rows).toHaveText([`Rises to ${shown(high)}`, `Falls to ${shown(low)}`])
  // Listed by the server too, for this account.
  const listed = await api<{ list: { price: string }[] }>(
    server,
    'GET',
    'alert/list?symbol=btcusdt',
    undefined,
    user.token,
  )
  expect(listed.data.list.map((a) => a.price).sort()).toEqual([high.toFixed(2), low.toFixed(2)].map(strip).sort())

  await sheet.getByRole('button', { name: `Delete alert: Rises to ${shown(high)}` }).click()
  await expect(rows).toHaveText([`Falls to ${shown(low)}`])

  // One tick beyond the live price on the side the replay goes next. The price may move past it before the server
  // reads it (then it is refused as met): try again from the new last price.
  let plan: { direction: 'above' | 'below'; by: number }
  let target: Big
  for (let attempt = 1; ; attempt++) {
    const now = await lastPrice(sheet)
    plan = await quickSide(now)
    target = plan.direction === 'above' ? now.plus(TICK) : now.minus(TICK)
    await create(sheet, plan.direction, target.toFixed(2))
    const outcome = await Promise.race([
      rows
        .filter({ hasText: shown(target) })
        .waitFor()
        .then(() => 'created' as const),
      sheet
        .locator('.field--error .field__error')
        .waitFor()
        .then(() => 'refused' as const),
      sheet
        .locator('[data-testid="alert-row"][data-state="fired"]')
        .waitFor()
        .then(() => 'fired' as const),
    ])
    if (outcome !== 'refused' || attempt === 5) break
  }
  const went = plan.direction === 'above' ? 'rose' : 'fell'
  await expect
    .poll(
      async () =>
        (await page.evaluate(() => (window as unknown as { __e2eToasts: string[] }).__e2eToasts)).some((t) =>
          t.startsWith(`BTC/USDT ${went} to `),
        ),
      {
        message: `a toast "BTC/USDT ${went} to …" for ${target.toFixed(2)} by ${new Date(plan.by).toISOString()}`,
        timeout: Math.max(plan.by + 90_000 - Date.now(), 30_000),
      },
    )
    .toBe(true)
  // The sheet lists it as triggered, with when and at which last price.
  const firedRow = sheet.locator('[data-testid="alert-row"][data-state="fired"]')
  await expect(firedRow).toHaveCount(1)
  await expect(firedRow).toContainText(`${plan.direction === 'above' ? 'Rose' : 'Fell'} to ${shown(target)}`)
  await expect(firedRow).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} · last price [\d,]+\.\d{2}/)
  await expect(rows).toHaveText([`Falls to ${shown(low)}`])
})

/** A decimal without trailing zeros, as the server writes it ("28500.50" → "28500.5"). */
function strip(v: string): string {
  return v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v
}

test('signed out, the bell asks to log in', async ({ page }) => {
  await page.goto('/kline?symbol=btcusdt')
  await page.getByRole('button', { name: 'Price alerts' }).click()
  await expect(page.getByRole('alertdialog')).toContainText('Not logged in')
  await expect(page.getByRole('dialog', { name: /Price alerts/ })).toHaveCount(0)
})

test('the notification settings state this browser truthfully and save a kind', async ({ phone, server }) => {
  const user = await newUser(server, 'notify')
  // Notifications allowed; service workers blocked, as in every test here but the PWA ones: no registration.
  const page = await phone({ session: user, permissions: ['notifications'] })
  await page.goto('/user-center')
  await page.getByRole('link', { name: 'Notifications' }).click()
  await expect(page).toHaveURL(/\/notifications$/)
  const device = page.getByRole('switch', { name: /Push notifications on this device/ })
  await expect(device).toContainText('Not available in this window yet')
  await expect(device).toBeDisabled()
  await expect(device).toHaveAttribute('aria-checked', 'false')
  await expect(page.getByTestId('push-devices')).toHaveText('No device of your account receives push notifications.')

  const fills = page.getByRole('switch', { name: 'Order fills' })
  await expect(fills).toHaveAttribute('aria-checked', 'true')
  await fills.click()
  await expect(fills).toHaveAttribute('aria-checked', 'false')
  await expect
    .poll(
      async () =>
        (await api<{ kinds: Record<string, boolean> }>(server, 'GET', 'notify/settings', undefined, user.token)).data
          .kinds,
    )
    .toMatchObject({ order_filled: false, price_alert: true })
  await page.reload()
  await expect(page.getByRole('switch', { name: 'Order fills' })).toHaveAttribute('aria-checked', 'false')
  await expect(page.getByRole('switch', { name: 'Price alerts' })).toHaveAttribute('aria-checked', 'true')
})

test('with the app service worker, turning push on where the browser cannot subscribe says so and stays off', async ({
  phone,
  server,
}) => {
  const user = await newUser(server, 'pushoff')
  // Playwright's contexts are private windows: Chromium refuses them a push subscription, as it would a user's.
  const page = await phone({ session: user, permissions: ['notifications'], serviceWorkers: 'allow' })
  const calls: string[] = []
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (path.startsWith('/api/push/')) calls.push(path)
  })
  await page.goto('/notifications')
  const device = page.getByRole('switch', { name: /Push notifications on this device/ })
  // The first visit's worker registers after the screen opened: the switch becomes usable then.
  await expect(device).toContainText('Off', { timeout: 60_000 })
  await expect(device).toBeEnabled()
  await device.click()
  await toast(page, 'This browser could not subscribe to push notifications')
  await expect(device).toHaveAttribute('aria-checked', 'false')
  await expect(device).toBeEnabled()
  // It asked for the server's key, and told the server of no subscription it does not hold.
  expect(calls).toEqual(['/api/push/vapid_key'])
  await expect(page.getByTestId('push-devices')).toHaveText('No device of your account receives push notifications.')
})
