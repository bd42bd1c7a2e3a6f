/**
 * Support as a phone user meets it: the feedback form refuses an empty submission field by field, sends, and shows
 * the new feedback waiting; the operator answers through the admin CLI and the user sees the reply; the contact page
 * opens the operator's service link in a new tab, and says so plainly when there is none.
 */
import { toast } from './account-ui'
import { assertNoSideScroll, shot } from './context'
import { expect, test } from './fixtures'
import { adminCommand, newUser } from './sessions'

test('feedback goes in from the form, the operator replies through the CLI, the user sees the reply', async ({
  phone,
  server,
}) => {
  const page = await phone({ session: await newUser(server, 'support') })
  await page.goto('/feedback')
  await page.getByRole('button', { name: 'Submit' }).click()
  for (const text of ['Choose the type of your question', 'Enter a title', 'Describe your question']) {
    await expect(page.getByText(text)).toBeVisible()
  }
  await page.getByRole('radio', { name: 'Withdrawal' }).click()
  await page.getByLabel('Title').fill('Withdrawal still in review')
  await page.getByLabel('Content').fill('Sent yesterday at 10:00 UTC.\nAmount 120 USDT.')
  await expect(page.getByText('26/100'), 'the title counter counts').toBeVisible()
  await assertNoSideScroll(page)
  await page.getByRole('button', { name: 'Submit' }).click()
  await toast(page, 'Submitted successfully')
  await expect(page).toHaveURL(/\/feedback-details\?id=\d+/)
  const id = new URL(page.url()).searchParams.get('id')!
  await expect(page.getByText('Waiting', { exact: true })).toBeVisible()
  // Shown as sent, line break included (toHaveText would fold the whitespace).
  await expect(page.locator('.fb-msg__text')).toBeVisible()
  expect(await page.locator('.fb-msg__text').textContent()).toBe('Sent yesterday at 10:00 UTC.\nAmount 120 USDT.')
  expect(await adminCommand(server, ['feedback', 'reply', id, '--text', 'Approved and sent: tx 0xabc.'])).toEqual([
    `replied to feedback #${id}`,
  ])
  await page.reload()
  await expect(page.getByText('Replied', { exact: true })).toBeVisible()
  await expect(page.locator('.fb-reply .fb-msg__text')).toHaveText('Approved and sent: tx 0xabc.')
  await shot(page, 'feedback-replied-390')
  await page.goto('/feedlist')
  await expect(page.locator('.fb-row', { hasText: 'Withdrawal still in review' }).getByText('Replied')).toBeVisible()
  await shot(page, 'feedlist-390')
})

test("contact opens the operator's service link in a new tab, and explains when none is set", async ({
  page,
  server,
}) => {
  try {
    await adminCommand(server, ['config', 'set', 'customer_url', ''])
    await page.goto('/contact')
    await expect(page.getByText('Online chat is not available at the moment')).toBeVisible()
    await expect(page.locator('.contact a'), 'no service button without a link').toHaveCount(0)
    await adminCommand(server, ['config', 'set', 'customer_url', 'https://t.me/tc_support'])
    await page.reload()
    const link = page.getByRole('link', { name: 'Contact online service' })
    await expect(link).toHaveAttribute('href', 'https://t.me/tc_support')
    await expect(link, 'opens a new tab').toHaveAttribute('target', '_blank')
    await expect(link, 'without an opener').toHaveAttribute('rel', /noopener/)
    await shot(page, 'contact-390')
  } finally {
    await adminCommand(server, ['config', 'set', 'customer_url', ''])
  }
})
