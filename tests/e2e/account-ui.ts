/** The account forms as a user fills them in: register, log in, log out (with its confirmation), and their toasts. */
import { expect, type Page } from '@playwright/test'
import type { E2EServer } from './fixtures'
import { waitForCode } from './sessions'

/**
 * Waits until the page has shown a toast saying `text` (recorded by the fixtures' toast recorder, so a 1.5 s toast
 * is not missed on a slow machine), and forgets the toasts up to it so a later check needs a new one.
 */
export async function toast(page: Page, text: string | RegExp): Promise<void> {
  const matches = (t: string) => (typeof text === 'string' ? t.includes(text) : text.test(t))
  await expect
    .poll(
      async () =>
        (await page.evaluate(() => (window as unknown as { __e2eToasts: string[] }).__e2eToasts)).some(matches),
      {
        message: `a toast saying ${String(text)}`,
      },
    )
    .toBe(true)
  const at = (await page.evaluate(() => (window as unknown as { __e2eToasts: string[] }).__e2eToasts)).findIndex(
    matches,
  )
  await page.evaluate((n) => void (window as unknown as { __e2eToasts: string[] }).__e2eToasts.splice(0, n + 1), at)
}

/** Registers through the open /register form with the code from the outbox; `invite` stays as the page prefilled it. */
export async function registerInForm(server: E2EServer, page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail', { exact: true }).fill(email)
  await page.getByRole('button', { name: /send code/i }).click()
  await page.getByLabel(/verification code/i).fill(await waitForCode(server, email))
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel(/confirm password/i).fill(password)
  await page.getByRole('checkbox', { name: /agree/i }).check()
  await page.getByRole('button', { name: 'Sign up', exact: true }).click()
  await toast(page, 'Registration successful')
}

/** Fills the e-mail login form (opening /login unless it is open) and submits it; the caller checks the outcome. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login')
  await page.getByLabel('E-mail', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
}

/** Logs in by e-mail and waits for "Login successful". */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login')
  await submitLogin(page, email, password)
  await toast(page, 'Login successful')
}

/** Logs out from the user center, confirming the dialog; ends on /home. */
export async function logOut(page: Page): Promise<void> {
  await page.goto('/user-center')
  await page.getByRole('button', { name: /log out/i }).click()
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /confirm|log out/i })
    .last()
    .click()
  await expect(page).toHaveURL(/\/home$/)
}
