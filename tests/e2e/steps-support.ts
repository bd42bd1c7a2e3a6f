/**
 * Support as a phone user meets it: the feedback form refuses an empty submission field by field, sends, and shows
 * the new feedback waiting; the operator answers through the admin CLI and the user sees the reply; the contact page
 * opens the operator's service link in a new tab, and says so plainly when there is none.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { launchPhone } from '../helpers/browser'
import { assertNoSideScroll, shot, type E2E } from './context'
import type { Step } from './harness'
import { check } from './harness'
import { adminCommand, userToken } from './sessions'

/** A fresh phone profile signed in with `token` (stored before the app starts, as after a login). */
async function signedIn(token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await launchPhone()
  await context.addInitScript({ content: `localStorage.setItem('LOGIN_TOKEN', ${JSON.stringify(JSON.stringify(token))});` })
  const page = context.pages()[0] ?? (await context.newPage())
  page.on('pageerror', (err) => console.log(`    page error: ${err.message}`))
  return { context, page }
}

export function supportSteps(e: () => E2E): Step[] {
  return [
    {
      name: 'feedback goes in from the form, the operator replies through the CLI, the user sees the reply',
      run: async () => {
        const ctx = e()
        const { context, page } = await signedIn(await userToken(ctx))
        try {
          await page.goto(`${ctx.server.url}/feedback`)
          await page.getByRole('button', { name: 'Submit' }).click()
          for (const text of ['Choose the type of your question', 'Enter a title', 'Describe your question']) {
            await page.getByText(text).waitFor({ timeout: 5000 })
          }
          await page.getByRole('radio', { name: 'Withdrawal' }).click()
          await page.getByLabel('Title').fill('Withdrawal still in review')
          await page.getByLabel('Content').fill('Sent yesterday at 10:00 UTC.\nAmount 120 USDT.')
          check((await page.textContent('.fb-form'))?.includes('26/100'), 'the title counter does not count')
          await assertNoSideScroll(page)
          await page.getByRole('button', { name: 'Submit' }).click()
          await page.locator('.toast').getByText('Submitted successfully').waitFor({ timeout: 10_000 })
          await page.waitForURL(/\/feedback-details\?id=\d+/)
          const id = new URL(page.url()).searchParams.get('id')!
          await page.getByText('Waiting', { exact: true }).waitFor()
          check((await page.textContent('.fb-msg__text')) === 'Sent yesterday at 10:00 UTC.\nAmount 120 USDT.', 'content not shown as sent')
          const out = await adminCommand(ctx, ['feedback', 'reply', id, '--text', 'Approved and sent: tx 0xabc.'])
          check(out.join('') === `replied to feedback #${id}`, `CLI said ${out.join(' ')}`)
          await page.reload()
          await page.getByText('Replied', { exact: true }).waitFor({ timeout: 10_000 })
          check((await page.locator('.fb-reply .fb-msg__text').textContent()) === 'Approved and sent: tx 0xabc.', 'reply not shown')
          await shot(page, 'feedback-replied-390')
          await page.goto(`${ctx.server.url}/feedlist`)
          const row = page.locator('.fb-row', { hasText: 'Withdrawal still in review' })
          await row.getByText('Replied').waitFor({ timeout: 10_000 })
          await shot(page, 'feedlist-390')
        } finally {
          await context.close()
        }
      },
    },
    {
      name: "contact opens the operator's service link in a new tab, and explains when none is set",
      run: async () => {
        const ctx = e()
        const context = await launchPhone()
        const page = context.pages()[0] ?? (await context.newPage())
        try {
          await adminCommand(ctx, ['config', 'set', 'customer_url', ''])
          await page.goto(`${ctx.server.url}/contact`)
          await page.getByText('Online chat is not available at the moment', { exact: false }).waitFor({ timeout: 10_000 })
          check((await page.locator('.contact a').count()) === 0, 'a service button without a link')
          await adminCommand(ctx, ['config', 'set', 'customer_url', 'https://t.me/tc_support'])
          await page.reload()
          const link = page.getByRole('link', { name: 'Contact online service' })
          await link.waitFor({ timeout: 10_000 })
          check((await link.getAttribute('href')) === 'https://t.me/tc_support', 'wrong service link')
          check((await link.getAttribute('target')) === '_blank', 'the service link does not open a new tab')
          check((await link.getAttribute('rel'))?.includes('noopener'), 'the service link keeps an opener')
          await shot(page, 'contact-390')
        } finally {
          await adminCommand(ctx, ['config', 'set', 'customer_url', ''])
          await context.close()
        }
      },
    },
  ]
}
