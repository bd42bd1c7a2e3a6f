/**
 * Signed-in devices (issue 24 part 7) as a user meets them: signed in on an Android phone and an iPhone, the user
 * opens Security center → Signed-in devices on the Android phone, sees both phones named by browser and system with
 * their address and last use, "This device" on the one in hand, and signs the iPhone out (asked first); the iPhone's
 * next screen sends it to login, and its token is refused. A list that cannot be loaded offers to retry. Screenshots at 360 px light and dark (every language), and at 540 px.
 */
import type { Page } from '@playwright/test'
import { logIn, toast } from './account-ui'
import { assertNoSideScroll, backgroundLuminance, settled, shot } from './context'
import { expect, test } from './fixtures'
import { api, newUser } from './sessions'
import { cutTexts, inLocale, LOCALES, switchLanguage } from './text-cut'

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

/** The page's stored session token (what a login keeps in LOGIN_TOKEN). */
const tokenOf = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('LOGIN_TOKEN') ?? 'null') as string | null)

test('signed-in devices: both phones listed, "This device" on one, the other signed out from it', async ({
  phone,
  server,
}) => {
  // Ten languages' screens on top of the two phones: 120 s, the default budget, in a loaded e2e run of 2026-12-02.
  test.setTimeout(360_000)
  const user = await newUser(server, 'devices')
  // The account was opened through the API: that session ends, so the list holds the two phones only.
  expect(await api(server, 'POST', 'user/logout', {}, user.token)).toMatchObject({ code: 1 })
  const android = await phone({ viewport: { width: 360, height: 740 }, userAgent: ANDROID_CHROME })
  const iphone = await phone({ userAgent: IPHONE_SAFARI })
  await logIn(iphone, user.email, user.password)
  await logIn(android, user.email, user.password)
  const iphoneToken = await tokenOf(iphone)
  expect(iphoneToken).toBeTruthy()

  await android.goto('/secure-center')
  await android.locator('a.menu-row[href="/sessions"]').click()
  await expect(android).toHaveURL(/\/sessions$/)
  await expect(android.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible()
  const rows = android.getByTestId('session-row')
  await expect(rows).toHaveCount(2)
  const here = rows.filter({ hasText: 'This device' })
  await expect(here).toHaveCount(1)
  await expect(here).toContainText('Chrome on Android')
  await expect(here).toContainText('IP address: 127.0.0.1')
  await expect(here).toContainText(/Last used: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/)
  await expect(here.getByRole('button'), 'this device has no Sign out: Log out is in Mine').toHaveCount(0)
  const other = rows.filter({ hasText: 'Safari on iPhone' })
  await expect(other).not.toContainText('This device')
  await settled(android)
  await assertNoSideScroll(android)
  await shot(android, 'sessions-360-light')

  await android.evaluate(() => localStorage.setItem('THEME', JSON.stringify('dark')))
  await android.emulateMedia({ colorScheme: 'dark' })
  await android.reload()
  await expect(rows).toHaveCount(2)
  await settled(android)
  expect(await backgroundLuminance(android), 'dark background').toBeLessThan(0.2)
  await shot(android, 'sessions-360-dark')
  await android.setViewportSize({ width: 540, height: 740 })
  await assertNoSideScroll(android)
  await shot(android, 'sessions-540-dark')
  await android.setViewportSize({ width: 360, height: 740 })
  // Every language at 360 px: device names, the tag and the button whole.
  for (const locale of [...LOCALES.filter((l) => l !== 'en'), 'en' as const]) {
    await switchLanguage(android, locale)
    await android.goto('/sessions')
    await inLocale(android, locale)
    await expect(rows).toHaveCount(2)
    await settled(android)
    expect.soft(await cutTexts(android), `/sessions in ${locale} at 360 px: text cut short`).toEqual([])
    await shot(android, `sessions-360-dark-${locale}`)
  }

  await other.getByRole('button', { name: 'Sign out Safari on iPhone' }).click()
  const dialog = android.getByRole('alertdialog')
  await expect(dialog).toContainText('Sign out Safari on iPhone? It will need your password to sign in again.')
  await shot(android, 'sessions-360-dark-confirm')
  await dialog.getByRole('button', { name: 'Sign out' }).click()
  await toast(android, 'The device was signed out')
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText('This device')

  // The iPhone's next screen finds its session ended: it is sent to login, and its token is refused.
  await iphone.goto('/secure-center')
  await expect(iphone).toHaveURL(/\/login$/)
  await toast(iphone, 'Not logged in or login expired, go to the login page.')
  const refused = await fetch(`${server.url}/api/user/info`, { headers: { token: iphoneToken! } })
  expect(refused.status).toBe(401)
  // The Android phone goes on; a list that cannot be loaded says so and loads on Retry.
  await android.route('**/api/user/sessions', (route) => route.abort())
  await android.reload()
  await expect(android.getByRole('alert')).toContainText('Your devices could not be loaded. Check your connection.')
  await android.unroute('**/api/user/sessions')
  await android.getByRole('button', { name: 'Retry' }).click()
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText('Chrome on Android')
})
