/**
 * Accounts as a phone user meets them: register by e-mail with the code from the outbox (read from the server's
 * output, where an unset SMTP_URL logs it), log out with confirmation leaving nothing of the user on the device,
 * log back in, return to the remembered path after a rejected session, and sign in with a wallet through an
 * injected EIP-1193 provider that signs with an ethers wallet in Node.
 */
import { getBytes, Wallet, type BaseWallet } from 'ethers'
import type { Page } from 'playwright-core'
import { assertNoSideScroll, shot, type E2E } from './context'
import type { Step } from './harness'
import { check } from './harness'
import { submitLogin, toast } from './account-ui'
import { codeFromOutbox } from './sessions'

/** What the page has stored: token, user info, back-url. */
function stored(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('LOGIN_TOKEN'),
    user: localStorage.getItem('USERINFO'),
    backUrl: localStorage.getItem('LOGIN_BACK_URL'),
  }))
}

/** A page whose `window.ethereum` signs with `wallet`; `window.__e2eRejectNext = true` makes the next signing a 4001. */
async function walletPage(e: E2E, wallet: BaseWallet): Promise<Page> {
  const page = await e.browser.newPage()
  page.on('pageerror', (err) => console.log(`    page error: ${err.message}`))
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
  return page
}

export function authSteps(e: () => E2E): Step[] {
  const email = `e2e-${Date.now()}@example.com`
  const password = 'correct horse battery'
  let firstToken = ''
  return [
    {
      name: 'register by e-mail: code from the outbox, "Registration successful", signed in on the user center',
      run: async () => {
        const { page, server } = e()
        await page.goto(server.url + '/register')
        await page.waitForSelector('.auth-form')
        await assertNoSideScroll(page)
        await page.getByLabel('E-mail', { exact: true }).fill(email)
        await page.getByRole('button', { name: 'Send code' }).click()
        await page.getByText(/Code sent to e\*+@example\.com/).waitFor()
        check(await page.locator('.code-btn').isDisabled(), 'the send button is not counting down')
        const code = codeFromOutbox(server.output(), email)
        check(code, `no code for ${email} in the server output`)
        await page.getByLabel('Verification code').fill(code)
        await page.getByLabel('Password', { exact: true }).fill(password)
        await page.getByLabel('Confirm password').fill(password + 'x')
        await page.locator('.auth-form__submit').click()
        await page.getByText('Two passwords are inconsistent').waitFor()
        await page.getByLabel('Confirm password').fill(password)
        await page.locator('.auth-form__submit').click()
        await page.getByText('Please read and agree to the user protocol first').waitFor()
        await page.getByRole('button', { name: 'User Agreement' }).click()
        await page.getByRole('button', { name: 'I agree' }).click()
        await shot(page, 'auth-register-filled-390')
        await page.locator('.auth-form__submit').click()
        await toast(page, 'Registration successful')
        await page.waitForURL(/\/user-center$/)
        const s = await stored(page)
        check(s.token && JSON.parse(s.user ?? '{}').email === email, `after registering: ${JSON.stringify(s)}`)
        firstToken = JSON.parse(s.token) as string
      },
    },
    {
      name: 'log out asks first, then leaves nothing of the user on the device and the old token is dead',
      run: async () => {
        const { page, server } = e()
        await page.goto(server.url + '/user-center')
        // Something of the user's in IndexedDB and Cache Storage, as a screen could have stored it.
        await page.evaluate(
          () =>
            new Promise<void>((resolve, reject) => {
              const req = indexedDB.open('e2e-user-data', 1)
              req.onupgradeneeded = () => req.result.createObjectStore('rows')
              req.onerror = () => reject(req.error)
              req.onsuccess = () => {
                const tx = req.result.transaction('rows', 'readwrite')
                tx.objectStore('rows').put({ secret: 'mine' }, 'draft')
                tx.oncomplete = () => (req.result.close(), resolve())
              }
            }),
        )
        await page.evaluate(() => caches.open('e2e-user-cache').then((c) => c.put('/e2e-secret', new Response('mine'))))
        await page.locator('.uc-logout').click()
        await page.getByText('Are you sure you want to log out?').waitFor()
        await page.locator('.dialog__btn--primary').click()
        await page.waitForURL(/\/home$/)
        const s = await stored(page)
        check(s.token === null && s.user === null, `still stored after logout: ${JSON.stringify(s)}`)
        const left = await page.evaluate(async () => ({
          caches: await caches.keys(),
          draft: await new Promise((resolve) => {
            const req = indexedDB.open('e2e-user-data')
            req.onsuccess = () => {
              const get = req.result.transaction('rows').objectStore('rows').get('draft')
              get.onsuccess = () => (req.result.close(), resolve(get.result ?? null))
            }
          }),
        }))
        check(left.draft === null, `IndexedDB still holds ${JSON.stringify(left.draft)}`)
        check(!left.caches.includes('e2e-user-cache'), `Cache Storage still has ${left.caches.join(', ')}`)
        const replay = await fetch(server.url + '/api/user/info', { headers: { token: firstToken } })
        const body = (await replay.json()) as { code: number }
        check(body.code === 401 || body.code === 4001, `the old token still works: ${JSON.stringify(body)}`)
      },
    },
    {
      name: 'log back in by e-mail: "Login successful" and the user center',
      run: async () => {
        const { page, server } = e()
        await submitLogin(page, server.url, email, password + '!')
        // A wrong password is refused under the password field (the server names the field).
        await page.locator('.field__error', { hasText: 'Incorrect account or password' }).waitFor()
        await page.getByLabel('Password', { exact: true }).fill(password)
        await page.locator('.auth-form__submit').click()
        await toast(page, 'Login successful')
        await page.waitForURL(/\/user-center$/)
        check(JSON.parse((await stored(page)).user ?? '{}').email === email, 'USERINFO is not the user after login')
      },
    },
    {
      name: 'a rejected session logs out once, remembers the path, and login returns there',
      run: async () => {
        const { page, server } = e()
        await page.evaluate(() => localStorage.setItem('LOGIN_TOKEN', JSON.stringify('revoked-or-forged-token')))
        await page.goto(server.url + '/secure-center')
        await page.waitForURL(/\/login$/)
        await page.getByText('Not logged in or login expired, go to the login page.').waitFor()
        check((await stored(page)).backUrl === JSON.stringify('/secure-center'), 'the back-url was not remembered')
        await submitLogin(page, server.url, email, password)
        await page.waitForURL(/\/secure-center$/)
        check((await stored(page)).backUrl === null, 'the back-url was not cleared after use')
      },
    },
    {
      name: 'wallet sign-in (EIP-4361) with an injected provider: a cancel is calm, a signature signs in',
      run: async () => {
        const ctx = e()
        const wallet = Wallet.createRandom()
        await ctx.page.evaluate(() => (localStorage.removeItem('LOGIN_TOKEN'), localStorage.removeItem('USERINFO')))
        const page = await walletPage(ctx, wallet)
        try {
          await page.goto(ctx.server.url + '/login')
          await page.waitForSelector('.auth-form')
          check((await page.locator('.wallet-sign-in__hint--none').count()) === 0, 'says there is no wallet')
          await page.evaluate(() => ((window as unknown as { __e2eRejectNext: boolean }).__e2eRejectNext = true))
          await page.getByRole('button', { name: 'Sign in with wallet' }).click()
          await toast(page, 'Signing was cancelled in the wallet.')
          check(page.url().endsWith('/login'), 'a cancel left the login screen')
          await page.getByRole('button', { name: 'Sign in with wallet' }).click()
          await toast(page, 'Login successful')
          await page.waitForURL(/\/user-center$/)
          const user = JSON.parse((await stored(page)).user ?? '{}') as { wallet_address?: string }
          check(user.wallet_address === wallet.address.toLowerCase(), `USERINFO wallet ${user.wallet_address}`)
          await shot(page, 'auth-wallet-signed-in-390')
        } finally {
          // Leave the device signed out for the steps that follow.
          await page.evaluate(() => (localStorage.removeItem('LOGIN_TOKEN'), localStorage.removeItem('USERINFO'))).catch(() => undefined)
          await page.close()
        }
      },
    },
  ]
}
