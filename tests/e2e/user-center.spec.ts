/**
 * The user center and the security center as a phone user meets them: logged out, a session-only entry asks to log
 * in and login comes back to it; a new user sees their account, invite code and identity state, sets a transaction
 * password, changes the login password (which ends every session); a wallet account links an e-mail with a code from
 * the outbox. Accounts are opened through the API (registration is auth.spec's subject) and stored in the page.
 */
import { Wallet } from 'ethers'
import { toast } from './account-ui'
import { assertNoSideScroll, shot } from './context'
import { expect, test } from './fixtures'
import { api, newUser, unique, waitForCode, type Session } from './sessions'

test('user center, logged out: Log in / Register, and a session-only entry asks to log in and comes back', async ({
  page,
}) => {
  await page.goto('/home')
  await page.locator('.home-header a[href="/user-center"]').click()
  await expect(page).toHaveURL(/\/user-center$/)
  await expect(page.locator('.uc-card').getByText('Register')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Log out' }), 'a logged-out user center offers no Log out').toHaveCount(
    0,
  )
  await assertNoSideScroll(page)
  await shot(page, 'user-center-guest-390')
  await page.locator('a.menu-row[href="/secure-center"]').click()
  await expect(page.getByText('Not logged in or login expired, go to the login page.')).toBeVisible()
  await page.getByRole('alertdialog').locator('.dialog__btn--primary').click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('LOGIN_BACK_URL'))).toBe(JSON.stringify('/secure-center'))
})

test('user center, logged in: the account, its invite code and "Not certified"', async ({ phone, server }) => {
  const user = await newUser(server, 'uc')
  const page = await phone({ session: user })
  await page.goto('/user-center')
  await expect(page.locator('.uc-card__account')).toContainText(user.email)
  await expect(page.locator('.uc-card__invite-code')).toHaveText(user.user.invite_code)
  await expect(page.locator('.id-pill')).toHaveText('Not certified')
  await assertNoSideScroll(page)
  await shot(page, 'user-center-390')
})

test('security center: set the transaction password with the login password, then the row says "Change"', async ({
  phone,
  server,
}) => {
  const user = await newUser(server, 'paypw')
  const page = await phone({ session: user })
  await page.goto('/secure-center')
  const payRow = page.locator('a.menu-row[href="/change-pay-passwd"]')
  await expect(payRow).toContainText('Set')
  await payRow.click()
  await expect(page.getByRole('heading', { name: 'Set transaction password' })).toBeVisible()
  const loginPassword = page.getByLabel('Login password', { exact: true })
  await loginPassword.fill('not my password')
  await page.getByLabel('New transaction password', { exact: true }).fill('trade pass 77')
  await page.getByLabel('Confirm new password', { exact: true }).fill('trade pass 77')
  const submit = page.locator('form button[type=submit]')
  await submit.click()
  // The server refuses a wrong login password, named under the login password field.
  await expect(page.locator('.field--error', { has: loginPassword })).toBeVisible()
  await loginPassword.fill(user.password)
  await submit.click()
  await toast(page, 'Transaction password set')
  await expect(page).toHaveURL(/\/secure-center$/)
  await expect(payRow).toContainText('Change')
  const info = await api<Session['user']>(server, 'GET', 'user/info', undefined, user.token)
  expect(info.data.has_pay_password, 'the server has the transaction password').toBe(true)
  await shot(page, 'secure-center-390')
})

test('change the login password: "Two passwords are inconsistent", then every session ends and login follows', async ({
  phone,
  server,
}) => {
  const user = await newUser(server, 'loginpw')
  const page = await phone({ session: user })
  await page.goto('/change-login-passwd')
  await page.getByLabel('Current password', { exact: true }).fill(user.password)
  await page.getByLabel('New password', { exact: true }).fill('a brand new horse')
  await page.getByLabel('Confirm new password', { exact: true }).fill('a brand new hors')
  await page.locator('form button[type=submit]').click()
  await expect(page.getByText('Two passwords are inconsistent')).toBeVisible()
  await page.getByLabel('Confirm new password', { exact: true }).fill('a brand new horse')
  await page.locator('form button[type=submit]').click()
  await toast(page, 'Password changed, please log in again')
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('LOGIN_TOKEN')), 'the token is forgotten').toBeNull()
  const old = await api(server, 'GET', 'user/info', undefined, user.token)
  expect([401, 4001], 'the old session is refused').toContain(old.code)
})

test('a wallet account links an e-mail and a password in the security center', async ({ phone, server }) => {
  const wallet = Wallet.createRandom()
  const nonce = await api<{ message: string }>(server, 'POST', 'user/siwe_nonce', {
    address: wallet.address,
    chain_id: 1,
  })
  expect(nonce, 'siwe_nonce').toMatchObject({ code: 1 })
  const signature = await wallet.signMessage(nonce.data.message)
  const signed = await api<Session>(server, 'POST', 'user/siwe_login', { message: nonce.data.message, signature })
  expect(signed, 'siwe_login').toMatchObject({ code: 1 })
  const page = await phone({ session: signed.data })
  await page.goto('/change-pay-passwd')
  await page.getByRole('link', { name: 'Add e-mail and password' }).click()
  const sheet = page.getByRole('dialog', { name: 'Link an e-mail' })
  await expect(sheet).toBeVisible()
  const linked = `wallet-${unique()}@example.com`
  await sheet.getByLabel('E-mail', { exact: true }).fill(linked)
  await sheet.getByRole('button', { name: 'Send code' }).click()
  await expect(sheet.getByText(/Resend in \d+ s/)).toBeVisible()
  await sheet.getByLabel('Verification code', { exact: true }).fill(await waitForCode(server, linked))
  await sheet.getByLabel('Login password', { exact: true }).fill('wallet horse battery')
  await sheet.getByLabel('Confirm password', { exact: true }).fill('wallet horse battery')
  await shot(page, 'secure-center-bind-email-390')
  await sheet.getByRole('button', { name: 'Link e-mail' }).click()
  await toast(page, 'E-mail linked')
  await expect(sheet, 'the sheet closes').toHaveCount(0)
  const user = JSON.parse((await page.evaluate(() => localStorage.getItem('USERINFO'))) ?? '{}') as Session['user']
  expect(user).toMatchObject({ email: linked, has_password: true })
})
