/**
 * The user center and the security center as a phone user meets them: logged out, a session-only entry asks to log
 * in and login comes back to it; a new user sees their account, invite code and identity state, sets a transaction
 * password, changes the login password (which ends every session); a wallet account links an e-mail with a code from
 * the outbox. Accounts are opened through the API (registration is steps-auth's subject) and seeded into the page.
 */
import { Wallet } from 'ethers'
import type { Page } from 'playwright-core'
import { assertNoSideScroll, shot, type E2E } from './context'
import { check, type Step } from './harness'
import { toast } from './account-ui'
import { api, registerByApi, waitForCode, type Session } from './sessions'

/** Stores `session` in the page as a login would (token and USERINFO). */
async function seed(page: Page, url: string, session: Session): Promise<void> {
  await page.goto(url + '/home')
  await page.waitForSelector('.home-header')
  await page.evaluate(([t, u]) => {
    localStorage.setItem('LOGIN_TOKEN', JSON.stringify(t))
    localStorage.setItem('USERINFO', u)
  }, [session.token, JSON.stringify(session.user)] as const)
}

/** The user-center and security-center steps. */
export function userCenterSteps(e: () => E2E): Step[] {
  const email = `uc-${Date.now()}@example.com`
  const password = 'user center horse 1'
  let session: Session | undefined
  return [
    {
      name: 'user center, logged out: Log in / Register, and a session-only entry asks to log in and comes back',
      run: async () => {
        const { page, server } = e()
        await page.goto(server.url + '/home')
        await page.evaluate(() => (localStorage.removeItem('LOGIN_TOKEN'), localStorage.removeItem('USERINFO')))
        await page.reload()
        await page.locator('.home-header a[href="/user-center"]').click()
        await page.waitForURL(/\/user-center$/)
        await page.locator('.uc-card').getByText('Register').waitFor()
        check((await page.locator('.uc-logout').count()) === 0, 'a logged-out user center offers Log out')
        await assertNoSideScroll(page)
        await shot(page, 'user-center-guest-390')
        await page.locator('a.menu-row[href="/secure-center"]').click()
        await page.getByText('Not logged in or login expired, go to the login page.').waitFor()
        await page.locator('.dialog__btn--primary').click()
        await page.waitForURL(/\/login$/)
        const back = await page.evaluate(() => localStorage.getItem('LOGIN_BACK_URL'))
        check(back === JSON.stringify('/secure-center'), `back-url ${back}`)
        await page.evaluate(() => localStorage.removeItem('LOGIN_BACK_URL'))
      },
    },
    {
      name: 'user center, logged in: the account, its invite code and "Not certified"',
      run: async () => {
        const { page, server } = e()
        session = await registerByApi(e(), email, password)
        await seed(page, server.url, session)
        await page.goto(server.url + '/user-center')
        await page.locator('.uc-card__account').getByText(email).waitFor()
        const invite = (await page.locator('.uc-card__invite-code').textContent())?.trim()
        check(invite === session.user.invite_code, `invite code shown ${invite}, expected ${session.user.invite_code}`)
        await page.locator('.id-pill').getByText('Not certified').waitFor()
        await assertNoSideScroll(page)
        await shot(page, 'user-center-390')
      },
    },
    {
      name: 'security center: set the transaction password with the login password, then the row says "Change"',
      run: async () => {
        const { page, server } = e()
        await page.locator('a.menu-row[href="/secure-center"]').click()
        await page.locator('a.menu-row[href="/change-pay-passwd"]').getByText('Set').waitFor()
        await page.locator('a.menu-row[href="/change-pay-passwd"]').click()
        await page.getByRole('heading', { name: 'Set transaction password' }).waitFor()
        await page.getByLabel('Login password', { exact: true }).fill('not my password')
        await page.getByLabel('New transaction password', { exact: true }).fill('trade pass 77')
        await page.getByLabel('Confirm new password', { exact: true }).fill('trade pass 77')
        await page.locator('.sec-form button[type=submit]').click()
        // The server refuses a wrong login password, named under the login password field.
        await page.locator('.field--error', { has: page.getByLabel('Login password', { exact: true }) }).waitFor()
        await page.getByLabel('Login password', { exact: true }).fill(password)
        await page.locator('.sec-form button[type=submit]').click()
        await toast(page, 'Transaction password set')
        await page.waitForURL(/\/secure-center$/)
        await page.locator('a.menu-row[href="/change-pay-passwd"]').getByText('Change').waitFor()
        const info = await api<Session['user']>(e(), 'GET', 'user/info', undefined, session!.token)
        check(info.data.has_pay_password === true, 'the server has no transaction password')
        await shot(page, 'secure-center-390')
      },
    },
    {
      name: 'change the login password: "Two passwords are inconsistent", then every session ends and login follows',
      run: async () => {
        const { page, server } = e()
        await page.goto(server.url + '/change-login-passwd')
        await page.getByLabel('Current password', { exact: true }).fill(password)
        await page.getByLabel('New password', { exact: true }).fill('a brand new horse')
        await page.getByLabel('Confirm new password', { exact: true }).fill('a brand new hors')
        await page.locator('.sec-form button[type=submit]').click()
        await page.getByText('Two passwords are inconsistent').waitFor()
        await page.getByLabel('Confirm new password', { exact: true }).fill('a brand new horse')
        await page.locator('.sec-form button[type=submit]').click()
        await toast(page, 'Password changed, please log in again')
        await page.waitForURL(/\/login$/)
        const token = await page.evaluate(() => localStorage.getItem('LOGIN_TOKEN'))
        check(token === null, 'the token is still stored')
        const old = await api(e(), 'GET', 'user/info', undefined, session!.token)
        check(old.code === 401 || old.code === 4001, `the old session still works: ${JSON.stringify(old)}`)
      },
    },
    {
      name: 'a wallet account links an e-mail and a password in the security center',
      run: async () => {
        const { page, server } = e()
        const wallet = Wallet.createRandom()
        const nonce = await api<{ message: string }>(e(), 'POST', 'user/siwe_nonce', { address: wallet.address, chain_id: 1 })
        check(nonce.code === 1, `siwe_nonce: ${nonce.msg}`)
        const signature = await wallet.signMessage(nonce.data.message)
        const signed = await api<Session>(e(), 'POST', 'user/siwe_login', { message: nonce.data.message, signature })
        check(signed.code === 1, `siwe_login: ${signed.msg}`)
        try {
          await seed(page, server.url, signed.data)
          await page.goto(server.url + '/change-pay-passwd')
          await page.getByRole('link', { name: 'Add e-mail and password' }).click()
          await page.getByRole('dialog', { name: 'Link an e-mail' }).waitFor()
          const linked = `wallet-${Date.now()}@example.com`
          await page.getByLabel('E-mail', { exact: true }).fill(linked)
          await page.getByRole('button', { name: 'Send code' }).click()
          await page.getByText(/Resend in \d+ s/).waitFor()
          await page.getByLabel('Verification code', { exact: true }).fill(await waitForCode(e(), linked))
          await page.getByLabel('Login password', { exact: true }).fill('wallet horse battery')
          await page.getByLabel('Confirm password', { exact: true }).fill('wallet horse battery')
          await shot(page, 'secure-center-bind-email-390')
          await page.getByRole('button', { name: 'Link e-mail' }).click()
          await toast(page, 'E-mail linked')
          check((await page.locator('.sheet').count()) === 0, 'the sheet stayed open')
          const user = JSON.parse((await page.evaluate(() => localStorage.getItem('USERINFO'))) ?? '{}') as Session['user']
          check(user.email === linked && user.has_password, `USERINFO after linking: ${JSON.stringify(user)}`)
        } finally {
          await page.evaluate(() => (localStorage.removeItem('LOGIN_TOKEN'), localStorage.removeItem('USERINFO'))).catch(() => undefined)
        }
      },
    },
  ]
}
