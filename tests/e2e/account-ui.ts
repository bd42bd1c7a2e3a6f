/** The account forms as a user fills them in: register, log in, log out (with its confirmation), and their toasts. */
import type { Page } from 'playwright-core'
import type { E2E } from './context'
import { waitForCode } from './sessions'

/** Waits (≤ 10 s) for a toast with `text`. */
export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.toast').getByText(text).first().waitFor({ timeout: 10_000 })
}

/** Registers through the open /register form with the code from the outbox; `invite` stays as the page prefilled it. */
export async function registerInForm(e: E2E, page: Page, email: string, password: string): Promise<void> {
  await page.waitForSelector('.auth-form')
  await page.getByLabel('E-mail', { exact: true }).fill(email)
  await page.getByRole('button', { name: /send code/i }).click()
  await page.getByLabel(/verification code/i).fill(await waitForCode(e, email))
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel(/confirm password/i).fill(password)
  await page.locator('.auth-form input[type="checkbox"]').check()
  await page.locator('.auth-form__submit').click()
  await toast(page, 'Registration successful')
}

/** Fills the e-mail login form (opening /login unless it is open) and submits it; the caller checks the outcome. */
export async function submitLogin(page: Page, url: string, email: string, password: string): Promise<void> {
  if (!page.url().includes('/login')) await page.goto(url + '/login')
  await page.waitForSelector('.auth-form')
  await page.getByLabel('E-mail', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.locator('.auth-form__submit').click()
}

/** Logs in by e-mail and waits for "Login successful". */
export async function logIn(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(url + '/login')
  await submitLogin(page, url, email, password)
  await toast(page, 'Login successful')
}

/** Logs out from the user center, confirming the dialog; ends on /home. */
export async function logOut(page: Page, url: string): Promise<void> {
  await page.goto(url + '/user-center')
  await page.getByRole('button', { name: /log out/i }).click()
  await page.locator('.dialog').getByRole('button', { name: /confirm|log out/i }).last().click()
  await page.waitForURL(/\/home/)
}
