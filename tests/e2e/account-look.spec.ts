/**
 * Every account and money screen (issues 3 and 10) at the phone widths the app supports, 360 px in light and 540 px in
 * dark (phone.ts LOOKS; E2E_ALL_LOOKS=1 all four): the screen draws its title, nothing scrolls sideways or sticks out past the right edge, and the background
 * follows the theme. A fresh user with a feedback ticket, a basic identity in review and some money history (a
 * deposit approved, one rejected, a transfer, a withdrawal pending) gives the screens content. Screenshots land in
 * tests/e2e/out/account/ for people to look at.
 */
import type { Page } from '@playwright/test'
import { assertNoSideScroll, backgroundLuminance, openInApp, settled, settledShot } from './context'
import { expect, logPageErrors, sessionState, test, type E2EServer } from './fixtures'
import { LOOKS, PHONE } from './phone'
import { adminCommand, api, newUser, type Session } from './sessions'
import { cutTexts, inLocale, LOCALES, NARROW, switchLanguage } from './text-cut'

/** Screens of a signed-in user; `{feedback}` is the user's ticket id. */
const SIGNED_IN = [
  '/user-center',
  '/share-code',
  '/contact',
  '/secure-center',
  '/sessions',
  '/change-login-passwd',
  '/change-pay-passwd',
  '/about-us',
  '/feedlist',
  '/feedback',
  '/feedback-details?id={feedback}',
  '/help-center',
  '/help-details?id=1',
  '/notice-center',
  '/notice-details?id=1',
  '/primary',
  '/advanced',
  '/identity',
  '/assets',
  '/deposit',
  '/deposit-record',
  '/withdrawal',
  '/withdrawal-record',
  '/transfer',
  '/account-record',
  '/notifications',
]
/** Screens of someone signed out. */
const SIGNED_OUT = ['/login', '/register', '/forgot-password', '/user-center', '/assets']
/** The title of a sub-page or of a tab screen (Assets). */
const TITLE = '.page-header__title, .tab-header__title'

/** Visible elements whose box reaches past the viewport's right edge (clipped by an overflow: hidden parent). */
function stickingOut(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('#root *')]
      .filter((el) => {
        const r = el.getBoundingClientRect()
        if (r.width === 0 || r.height === 0 || r.right <= window.innerWidth + 1) return false
        // Intentionally scrollable strips (tabs, chips) may run on.
        for (let p = el.parentElement; p; p = p.parentElement) {
          if (/(auto|scroll)/.test(getComputedStyle(p).overflowX)) return false
        }
        return getComputedStyle(el).visibility !== 'hidden'
      })
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (right ${Math.round(el.getBoundingClientRect().right)})`,
      ),
  )
}

/**
 * Opens `path`: a full load on the phone's first screen (or when `fullLoad`: a language just switched), then inside
 * the app as a tapped link would.
 */
async function visit(page: Page, path: string, fullLoad = page.url() === 'about:blank'): Promise<void> {
  if (fullLoad) {
    await page.goto(path)
    await expect(page.locator(TITLE).first()).not.toBeEmpty()
  } else await openInApp(page, path, TITLE)
  await settled(page)
}

async function look(page: Page, path: string, theme: 'light' | 'dark', tag: string): Promise<void> {
  await visit(page, path)
  const where = `${path} at ${page.viewportSize()?.width} px, ${theme}`
  await assertNoSideScroll(page)
  expect(await stickingOut(page), `${where}: nothing past the right edge`).toEqual([])
  const luminance = await backgroundLuminance(page)
  if (theme === 'dark') expect(luminance, `${where}: background luminance`).toBeLessThan(0.3)
  else expect(luminance, `${where}: background luminance`).toBeGreaterThan(0.6)
  const slug = path.replace(/^\//, '').replace(/\?.*$/, '')
  await settledShot(page, `account/${tag}-${slug}-${page.viewportSize()?.width}-${theme}`)
}

let session: Session & { password: string }
let ticketId = 0

test.beforeAll(async ({ server }) => {
  session = await newUser(server, 'look')
  const ticket = await api<{ id: number }>(
    server,
    'POST',
    'feedback/submit',
    {
      type: 'withdrawal',
      title: 'Withdrawal still pending after two days',
      content: 'I asked for 120 USDT on Monday and the record still says pending review. Is anything missing?',
    },
    session.token,
  )
  expect(ticket, 'feedback/submit').toMatchObject({ code: 1 })
  ticketId = ticket.data.id
  const basic = await api(
    server,
    'POST',
    'user/identity_basic',
    {
      name: 'Maria Fernanda dos Santos Oliveira',
      id_number: 'BR123456789',
      city: 'São Paulo',
      email: 'maria@example.com',
    },
    session.token,
  )
  expect(basic, 'user/identity_basic').toMatchObject({ code: 1 })
  await moneyHistory(server, session)
  // Price alerts for the K-line page's alert sheet (issue 24 part 6): far above and below any BTC price.
  for (const [direction, price] of [
    ['above', '99999999'],
    ['below', '1'],
  ]) {
    const alert = await api(server, 'POST', 'alert/create', { symbol: 'btcusdt', direction, price }, session.token)
    expect(alert, `alert/create ${direction}`).toMatchObject({ code: 1 })
  }
})

/** A valid TRON address (base58check), the platform's and the user's. */
const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'

/**
 * Money for the money screens: 1,000 USDT deposited and approved, a claim rejected with a reason, 200 moved to the
 * contract account, a saved address and a withdrawal waiting for review.
 */
async function moneyHistory(server: E2EServer, user: Session & { password: string }): Promise<void> {
  const keyed = (path: string, body: unknown) =>
    fetch(`${server.url}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: user.token, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ code: number; data: { id: number } }>)
  await adminCommand(server, ['chains', 'set', 'USDT', 'TRC20', '--address', TRON, '--min', '10', '--fee', '1'])
  const claim = { currency: 'USDT', chain: 'TRC20', from_address: TRON }
  const credited = await keyed('assets/deposit_claim', { ...claim, amount: '1000' })
  expect(credited, 'deposit_claim').toMatchObject({ code: 1 })
  await adminCommand(server, ['deposits', 'approve', String(credited.data.id)])
  const refused = await keyed('assets/deposit_claim', { ...claim, amount: '55.5', tx_hash: 'a'.repeat(64) })
  await adminCommand(server, ['deposits', 'reject', String(refused.data.id), 'No transfer with this hash on chain'])
  expect(
    await keyed('assets/transfer', { currency: 'USDT', from: 'spot', to: 'contract', amount: '200' }),
  ).toMatchObject({ code: 1 })
  const pay = 'look vault 99'
  await api(
    server,
    'POST',
    'user/set_pay_password',
    {
      login_password: user.password,
      pay_password: pay,
      re_pay_password: pay,
    },
    user.token,
  )
  const address = await api<{ id: number }>(
    server,
    'POST',
    'assets/address_save',
    { currency: 'USDT', chain: 'TRC20', address: TRON, label: 'Hardware wallet' },
    user.token,
  )
  const withdrawal = await keyed('assets/withdraw', {
    currency: 'USDT',
    chain: 'TRC20',
    address_id: address.data.id,
    amount: '120',
    pay_password: pay,
  })
  expect(withdrawal, 'withdraw').toMatchObject({ code: 1 })
}

// One phone per look, signed in and signed out, shared by that group's screens: a fresh context per screen would
// download and compile the whole app again for each of the 60 looks. The screens only read.
for (const { theme, width } of LOOKS) {
  test.describe(`account screens at ${width} px, ${theme}`, () => {
    let signedIn: Page
    let signedOut: Page
    test.beforeAll(async ({ browser, server }) => {
      const open = async (withSession: boolean) => {
        const context = await browser.newContext({
          ...PHONE,
          baseURL: server.url,
          serviceWorkers: 'block',
          colorScheme: theme,
          viewport: { width, height: 800 },
          ...(withSession ? { storageState: sessionState(server.url, session) } : {}),
        })
        await context.addInitScript((t) => localStorage.setItem('THEME', JSON.stringify(t)), theme)
        const page = await context.newPage()
        logPageErrors(page)
        return page
      }
      signedIn = await open(true)
      signedOut = await open(false)
    })
    test.afterAll(async () => {
      await signedIn?.context().close()
      await signedOut?.context().close()
    })
    for (const path of SIGNED_IN) {
      test(`signed in: ${path}`, () => look(signedIn, path.replace('{feedback}', String(ticketId)), theme, 'in'))
    }
    for (const path of SIGNED_OUT) {
      test(`signed out: ${path}`, () => look(signedOut, path, theme, 'out'))
    }
  })
}

// The invite code ("A6…"), the Spanish transaction-password title, e-mails and links: every account screen in every
// language at the narrowest phone, every text whole. One phone signed in and one signed out visit the languages in
// turn (a full load on each language's first screen, then in-app navigation); the cuts of each are reported together.
test('no text is cut short at 360 px in any language: account screens and the alert sheet', async ({ phone }) => {
  test.setTimeout(LOCALES.length * 90_000)
  const signedIn = await phone({ ...NARROW, session, language: LOCALES[0] })
  const signedOut = await phone({ ...NARROW, language: LOCALES[0] })
  for (const locale of LOCALES) {
    for (const [page, paths] of [
      [signedIn, SIGNED_IN],
      [signedOut, SIGNED_OUT],
    ] as const) {
      if (page.url() !== 'about:blank') await switchLanguage(page, locale)
      for (const [i, raw] of paths.entries()) {
        const path = raw.replace('{feedback}', String(ticketId))
        await visit(page, path, i === 0)
        await inLocale(page, locale)
        expect.soft(await cutTexts(page), `${path} in ${locale} at 360 px: text cut short`).toEqual([])
        if (path === '/assets' && page === signedIn) {
          // Today's income, part by part (issue 24 part 4).
          await page.getByTestId('daily-income-open').click()
          await expect(page.getByTestId('income-total')).toHaveText(/\d/)
          expect.soft(await cutTexts(page), `today's income in ${locale} at 360 px: text cut short`).toEqual([])
          await page.keyboard.press('Escape')
          await expect(page.getByTestId('income-sheet')).toHaveCount(0)
        }
      }
    }
    // The K-line page's price-alert sheet (issue 24 part 6), with the user's two alerts listed.
    await openInApp(signedIn, '/kline?symbol=btcusdt', TITLE)
    await expect(signedIn.getByTestId('kline-last-price')).toHaveText(/\d/)
    await signedIn.getByTestId('alert-open').click()
    await expect(signedIn.getByTestId('alert-sheet').getByTestId('alert-row')).toHaveCount(2)
    await expect(signedIn.getByTestId('alert-last')).toHaveText(/\d/)
    expect.soft(await cutTexts(signedIn), `alert sheet in ${locale} at 360 px: text cut short`).toEqual([])
    await signedIn.keyboard.press('Escape')
    await expect(signedIn.getByTestId('alert-sheet')).toHaveCount(0)
  }
})
