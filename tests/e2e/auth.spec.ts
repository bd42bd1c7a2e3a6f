/**
 * Accounts as a phone user meets them: register by e-mail with the code from the outbox, log out with confirmation
 * leaving nothing of the user on the device, log back in, return to the remembered path after a rejected session,
 * and sign in with a wallet through an injected EIP-1193 provider that signs with an ethers wallet in Node; a
 * forgotten password reset from the login screen with the e-mailed code, which signs the other device out.
 */
import { getBytes, Wallet, type BaseWallet } from 'ethers'
import type { Page } from '@playwright/test'
import { submitLogin, toast } from './account-ui'
import { assertNoSideScroll, shot } from './context'
import { expect, test } from './fixtures'
import { adminCommand, api, newUser, unique, waitForCode } from './sessions'

/** What the page has stored: token, user info, back-url. */
function stored(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('LOGIN_TOKEN'),
    user: localStorage.getItem('USERINFO'),
    backUrl: localStorage.getItem('LOGIN_BACK_URL'),
  }))
}

/** Makes `window.ethereum` sign with `wallet`; `window.__e2eRejectNext = true` makes the next signing a 4001. */
async function injectWallet(page: Page, wallet: BaseWallet): Promise<void> {
  await page.exposeFunction('__e2eWallet', async (method: string, params: unknown[]) => {
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [wallet.address]
    if (method === 'eth_chainId') return '0x1'
    if (method === 'personal_sign') {
      const [hex, address] = params as [string, string]
      if (address.toLowerCase() !== wallet.address.toLowerCase()) throw new Error(`asked to sign for ${address}`)
      return wallet.signMessage(getBytes(hex))
    }
    throw new Error(`unsupported ${method}`)
  })
  // A plain script (not a function): the page must see the provider before the app's code runs.
  await page.addInitScript({
    content: `window.ethereum = { request: function (args) {
      if (window.__e2eRejectNext && args.method === 'personal_sign') {
        window.__e2eRejectNext = false
        return Promise.reject({ code: 4001, message: 'User rejected the request.' })
      }
      return window.__e2eWallet(args.method, args.params || [])
    } }`,
  })
}

test('register by e-mail: code from the outbox, "Registration successful", signed in on the user center', async ({
  page,
  server,
}) => {
  const email = `e2e-${unique()}@example.com`
  const password = 'correct horse battery'
  await page.goto('/register')
  await assertNoSideScroll(page)
  await page.getByLabel('E-mail', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByText(/Code sent to e\*+@example\.com/)).toBeVisible()
  await expect(page.locator('.code-btn')).toBeDisabled() // counting down
  await page.getByLabel('Verification code').fill(await waitForCode(server, email))
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password').fill(password + 'x')
  const submit = page.getByRole('button', { name: 'Sign up', exact: true })
  await submit.click()
  await expect(page.getByText('Two passwords are inconsistent')).toBeVisible()
  await page.getByLabel('Confirm password').fill(password)
  await submit.click()
  await expect(page.getByText('Please read and agree to the user protocol first')).toBeVisible()
  await page.getByRole('button', { name: 'User Protocol' }).click()
  await page.getByRole('button', { name: 'I agree' }).click()
  await shot(page, 'auth-register-filled-390')
  await submit.click()
  await toast(page, 'Registration successful')
  await expect(page).toHaveURL(/\/user-center$/)
  await expect(page.getByText(email)).toBeVisible()
  const s = await stored(page)
  expect(s.token).not.toBeNull()
  expect(JSON.parse(s.user ?? '{}')).toMatchObject({ email })
})

test('log out asks first, then leaves nothing of the user on the device and the old token is dead', async ({
  phone,
  server,
}) => {
  const user = await newUser(server, 'logout')
  const page = await phone({ session: user })
  await page.goto('/user-center')
  await expect(page.getByText(user.email)).toBeVisible()
  // Something of the user's in IndexedDB and Cache Storage, as a screen could have stored it.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const req = indexedDB.open('e2e-user-data', 1)
        req.onupgradeneeded = () => req.result.createObjectStore('rows')
        req.onerror = () => reject(req.error ?? new Error('indexedDB.open failed'))
        req.onsuccess = () => {
          const tx = req.result.transaction('rows', 'readwrite')
          tx.objectStore('rows').put({ secret: 'mine' }, 'draft')
          tx.oncomplete = () => (req.result.close(), resolve())
        }
      }),
  )
  await page.evaluate(() => caches.open('e2e-user-cache').then((c) => c.put('/e2e-secret', new Response('mine'))))
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByText('Are you sure you want to log out?')).toBeVisible()
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /confirm|log out/i })
    .last()
    .click()
  await expect(page).toHaveURL(/\/home$/)
  expect(await stored(page)).toMatchObject({ token: null, user: null })
  // The user's data goes once the logout has finished clearing it.
  await expect
    .poll(() =>
      page.evaluate(async () => ({
        caches: await caches.keys(),
        draft: await new Promise((resolve) => {
          const req = indexedDB.open('e2e-user-data')
          req.onsuccess = () => {
            const names = [...req.result.objectStoreNames]
            if (!names.includes('rows')) return (req.result.close(), resolve(null))
            const get = req.result.transaction('rows').objectStore('rows').get('draft')
            get.onsuccess = () => (req.result.close(), resolve(get.result ?? null))
          }
        }),
      })),
    )
    .toEqual({ caches: expect.not.arrayContaining(['e2e-user-cache']), draft: null })
  const replay = await fetch(server.url + '/api/user/info', { headers: { token: user.token } })
  expect([401, 4001], 'the old token is refused').toContain(((await replay.json()) as { code: number }).code)
})

test('log back in by e-mail: a wrong password is named under its field, then "Login successful"', async ({
  page,
  server,
}) => {
  const user = await newUser(server, 'login')
  await submitLogin(page, user.email, user.password + '!')
  await expect(page.locator('.field__error', { hasText: 'Incorrect account or password' })).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await toast(page, 'Login successful')
  await expect(page).toHaveURL(/\/user-center$/)
  await expect(page.getByText(user.email)).toBeVisible()
  expect(JSON.parse((await stored(page)).user ?? '{}')).toMatchObject({ email: user.email })
})

test('forgot password: a code by e-mail sets a new password, the other device is signed out, the new one signs in', async ({
  page,
  server,
}) => {
  // An account made by the operator CLI (an operator's), so no sign-up code went to its address a moment ago (one code
  // a minute per address).
  const user = { email: `forgot-${unique()}@example.com`, password: 'Forgot-operator-pass-7' }
  await adminCommand(server, ['operator', 'create', '--email', user.email, '--password', user.password])
  const other = await api<{ token: string }>(server, 'POST', 'user/login', {
    type: 'email',
    email: user.email,
    password: user.password,
  })
  expect(other, 'signed in on another device').toMatchObject({ code: 1 })
  const next = 'quiet harbour lantern 58'
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  // The URL changes before the screen's chunk renders: filling at once could land in the login form's e-mail field.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
  await assertNoSideScroll(page)
  await page.getByLabel('E-mail', { exact: true }).fill(user.email)
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByText(/Code sent to f\*+@example\.com/)).toBeVisible()
  await page.getByLabel('Verification code').fill(await waitForCode(server, user.email))
  await page.getByLabel('New password', { exact: true }).fill(next)
  await page.getByLabel('Confirm new password').fill(next)
  await shot(page, 'auth-forgot-filled-390')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await toast(page, 'Password changed. Every device was signed out')
  await expect(page).toHaveURL(/\/login$/)
  // The session the user had before (another device) is over; the old password no longer signs in.
  expect(await api(server, 'GET', 'user/info', undefined, other.data.token)).not.toMatchObject({ code: 1 })
  await submitLogin(page, user.email, user.password)
  await expect(page.locator('.field__error', { hasText: 'Incorrect account or password' })).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill(next)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await toast(page, 'Login successful')
  await expect(page).toHaveURL(/\/user-center$/)
})

test('a rejected session logs out once, remembers the path, and login returns there', async ({ phone, server }) => {
  const user = await newUser(server, 'rejected')
  const page = await phone({ session: { token: 'revoked-or-forged-token' } })
  await page.goto('/secure-center')
  await expect(page).toHaveURL(/\/login$/)
  await toast(page, 'Not logged in or login expired, go to the login page.')
  expect((await stored(page)).backUrl).toBe(JSON.stringify('/secure-center'))
  await submitLogin(page, user.email, user.password)
  await expect(page).toHaveURL(/\/secure-center$/)
  await expect(page.locator('a.menu-row[href="/change-pay-passwd"]')).toBeVisible()
  expect((await stored(page)).backUrl, 'the back-url is cleared after use').toBeNull()
})

test('wallet sign-in (EIP-4361) with an injected provider: a cancel is calm, a signature signs in', async ({
  page,
}) => {
  const wallet = Wallet.createRandom()
  await injectWallet(page, wallet)
  await page.goto('/login')
  const signIn = page.getByRole('button', { name: 'Sign in with wallet' })
  await expect(signIn).toBeVisible()
  await expect(page.locator('.wallet-sign-in__hint--none'), 'says there is no wallet').toHaveCount(0)
  await page.evaluate(() => ((window as unknown as { __e2eRejectNext: boolean }).__e2eRejectNext = true))
  await signIn.click()
  await toast(page, 'Signing was cancelled in the wallet.')
  await expect(page, 'a cancel stays on the login screen').toHaveURL(/\/login$/)
  await signIn.click()
  await toast(page, 'Login successful')
  await expect(page).toHaveURL(/\/user-center$/)
  const user = JSON.parse((await stored(page)).user ?? '{}') as { wallet_address?: string }
  expect(user.wallet_address).toBe(wallet.address.toLowerCase())
  await shot(page, 'auth-wallet-signed-in-390')
})
