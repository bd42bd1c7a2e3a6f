/**
 * The account journey of issue 3's "Done when", against the real server: a new user registers by e-mail (code from
 * the outbox), logs in, sets a transaction password, submits basic and then advanced identity with three photos; an
 * operator approves each through `npm run admin` (which runs the command inside the server holding the embedded
 * database) and the app shows "Verified". A second user registers through the first one's invitation link and the
 * first sees one direct subordinate. Feedback goes in, the operator replies through the CLI, the user reads the
 * reply. Finally the first user logs out and the second logs in on the same browser: nothing of the first is shown
 * or stored, online or offline. One story, so its tests run in order (serial); each opens a fresh phone.
 */
import sharp from 'sharp'
import type { Page } from '@playwright/test'
import { runAdminCli } from '../helpers/admin-cli'
import { logIn, logOut, registerInForm, toast } from './account-ui'
import { assertNoSideScroll, settledShot } from './context'
import { expect, test, type E2EServer } from './fixtures'
import { unique } from './sessions'

test.describe.configure({ mode: 'serial' })
test.use({ serviceWorkers: 'allow' })

/** Runs `npm run admin -- …args` against the e2e server's data dir; resolves with its output (throws on exit ≠ 0). */
async function admin(server: E2EServer, ...args: string[]): Promise<string> {
  const r = await runAdminCli(args, { dataDir: server.dataDir })
  if (r.status !== 0) throw new Error(`admin ${args.join(' ')}: ${r.stdout}${r.stderr}`)
  return r.stdout + r.stderr
}

/** The id of `email`'s newest `level` submission in review, from `identity list`. */
async function pendingSubmission(server: E2EServer, email: string, level: 'basic' | 'advanced'): Promise<string> {
  const out = await admin(server, 'identity', 'list', '--status', 'review')
  const line = out.split('\n').find((l) => l.includes(email) && new RegExp(`^#\\d+\\s+${level}\\b`).test(l))
  const id = line?.match(/^#(\d+)/)?.[1]
  if (!id) throw new Error(`no ${level} submission of ${email} in review:\n${out}`)
  return id
}

async function photo(color: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 400, channels: 3, background: color } })
    .jpeg()
    .toBuffer()
}

const stamp = unique()
const alice = { email: `alice-${stamp}@example.com`, password: 'violet harbour lantern' }
const bob = { email: `bob-${stamp}@example.com`, password: 'granite meadow falcon' }
const feedbackTitle = `Withdrawal question ${stamp}`
/** What of Alice's no screen may show Bob. */
const aliceSecrets = [alice.email, 'Alice Moreau', 'Lyon', feedbackTitle]

test('journey: a new user registers by e-mail, logs out and logs in again', async ({ page, server }) => {
  await page.goto('/register')
  await registerInForm(server, page, alice.email, alice.password)
  await expect(page).toHaveURL(/\/user-center$/)
  await expect(page.getByText(alice.email)).toBeVisible()
  await logOut(page)
  await expect(page.getByText(alice.email)).toHaveCount(0)
  await logIn(page, alice.email, alice.password)
  await expect(page.getByText(alice.email)).toBeVisible()
})

test('journey: sets a transaction password in the security center', async ({ page }) => {
  await logIn(page, alice.email, alice.password)
  await page.goto('/change-pay-passwd')
  await page.getByLabel('Login password', { exact: true }).fill(alice.password)
  await page.getByLabel('New transaction password', { exact: true }).fill('teal quarry window')
  await page.getByLabel('Confirm new password', { exact: true }).fill('teal quarry window')
  await page.locator('form button[type="submit"]').click()
  await toast(page, 'Transaction password set')
  await page.goto('/secure-center')
  await expect(page.locator('a.menu-row[href="/change-pay-passwd"]')).toContainText('Change')
  await expect(
    page.locator('a.menu-row[href="/change-pay-passwd"] .sec-value--todo'),
    'the transaction password row still says "Set"',
  ).toHaveCount(0)
})

test('journey: basic identity → operator approves with the CLI → advanced with three photos → approved → "Verified"', async ({
  page,
  server,
}) => {
  test.slow() // four admin CLI processes and three photo uploads
  await logIn(page, alice.email, alice.password)
  await page.goto('/primary')
  await page.getByLabel('Name', { exact: true }).fill('Alice Moreau')
  await page.getByLabel('ID number', { exact: true }).fill('FR12345678')
  await page.getByLabel('City', { exact: true }).fill('Lyon')
  await page.getByLabel('Email', { exact: true }).fill(alice.email)
  await page.locator('form button[type="submit"]').click()
  await toast(page, 'Submitted')
  await admin(server, 'identity', 'approve', await pendingSubmission(server, alice.email, 'basic'))

  await page.goto('/advanced')
  await page.getByText('ID card', { exact: true }).click()
  const inputs = page.locator('.uploader input[type="file"]')
  await expect(inputs).toHaveCount(3)
  const colors = ['#b04040', '#40b040', '#4040b0']
  for (let i = 0; i < 3; i++) {
    await inputs
      .nth(i)
      .setInputFiles({ name: `photo-${i}.jpg`, mimeType: 'image/jpeg', buffer: await photo(colors[i]!) })
    await expect(page.locator('.uploader__img').nth(i)).toBeVisible()
  }
  await expect(page.locator('.uploader__busy')).toHaveCount(0)
  await settledShot(page, 'journey-advanced-photos')
  await page.locator('form button[type="submit"]').click()
  await toast(page, 'Submitted')
  await admin(server, 'identity', 'approve', await pendingSubmission(server, alice.email, 'advanced'))

  await page.goto('/identity')
  await expect
    .poll(() => page.getByText('Verified', { exact: true }).count(), { message: 'both tiers say "Verified"' })
    .toBeGreaterThanOrEqual(2)
  // The member information shows the photos through signed URLs that load.
  await expect
    .poll(() =>
      page.$$eval(
        'img',
        (imgs) => imgs.filter((i) => i.src.includes('/api/common/image') && i.complete && i.naturalWidth > 0).length,
      ),
    )
    .toBeGreaterThanOrEqual(3)
  await assertNoSideScroll(page)
  await settledShot(page, 'journey-identity-verified')
  await page.goto('/user-center')
  await expect(page.getByText('Verified').first()).toBeVisible()
})

test('journey: a second user registers through the invitation link; the first sees 1 direct subordinate', async ({
  page,
  phone,
  server,
}) => {
  await logIn(page, alice.email, alice.password)
  await page.goto('/share-code')
  const link = page.locator('.share-copy', { hasText: 'Invitation link' }).locator('.share-copy__value')
  await expect(link).toHaveText(/\/register\?code=[A-Z0-9]+$/)
  const inviteLink = ((await link.textContent()) ?? '').trim()
  const code = new URL(inviteLink).searchParams.get('code')!

  const bobPage = await phone()
  await bobPage.goto(inviteLink.replace(/^https?:\/\/[^/]+/, server.url))
  await expect(bobPage.getByLabel(/invitation code/i), 'the invitation code is prefilled').toHaveValue(code)
  await registerInForm(server, bobPage, bob.email, bob.password)

  await page.reload()
  const direct = page.locator('.share-stats__item', { hasText: 'Direct subordinates' }).locator('.share-stats__value')
  await expect(direct).toHaveText('1')
  await settledShot(page, 'journey-share-one-subordinate')
})

test('journey: feedback goes in, the operator replies with the CLI, the user reads the reply', async ({
  page,
  server,
}) => {
  await logIn(page, alice.email, alice.password)
  await page.goto('/feedback')
  await page.getByRole('radio', { name: 'Withdrawal' }).click()
  await page.getByLabel(/title/i).fill(feedbackTitle)
  await page.getByLabel(/content|description|details/i).fill('How long does a withdrawal review take?')
  await page.locator('form button[type="submit"]').click()
  await toast(page, /submitted/i)
  const list = await admin(server, 'feedback', 'list', '--status', 'waiting')
  const id = list
    .split('\n')
    .find((l) => l.includes(feedbackTitle))
    ?.match(/^\s*#?(\d+)/)?.[1]
  expect(id, `the operator's list holds the feedback:\n${list}`).toBeTruthy()
  await admin(server, 'feedback', 'reply', id!, '--text', 'Usually within one business day.')
  await page.goto('/feedlist')
  await page.getByText(feedbackTitle).click()
  await expect(page.getByText('Usually within one business day.')).toBeVisible()
  await settledShot(page, 'journey-feedback-replied')
})

/** Opens `path` and waits until it shows Bob's own content (so the absence of Alice's below is not a blank page). */
async function openAsBob(page: Page, path: string, online: boolean): Promise<void> {
  await page.goto(path)
  await expect(page.locator('.page-header__title').first()).not.toBeEmpty()
  const own: Record<string, () => Promise<void>> = {
    '/user-center': () => expect(page.locator('.uc-card__account')).toContainText(bob.email),
    '/identity': () =>
      (online
        ? expect(page.getByText('Not certified').first())
        : expect(page.getByRole('button', { name: /retry/i }))
      ).toBeVisible(),
    '/feedlist': () =>
      expect(
        page.getByText(online ? 'You have not sent any feedback yet' : 'Your feedback could not be loaded'),
      ).toBeVisible(),
    '/share-code': () => expect(page.locator('.share-copy__value').first()).not.toBeEmpty(),
    '/secure-center': () => expect(page.locator('a.menu-row[href="/change-pay-passwd"]')).toContainText('Set'),
  }
  await own[path]!()
  const body = (await page.locator('body').textContent()) ?? ''
  for (const secret of aliceSecrets)
    expect(body, `${path} shows "${secret}" of the previous user (${online ? 'online' : 'offline'})`).not.toContain(
      secret,
    )
}

test('journey: after logout the next user of the browser sees nothing of the first, online or offline', async ({
  page,
  context,
}) => {
  test.slow() // two users' screens online and offline: 93 s of the default 120 in a loaded e2e run of 2026-12-02
  await logIn(page, alice.email, alice.password)
  for (const path of ['/identity', '/feedlist', '/share-code']) await page.goto(path) // Alice's answers pass through
  await page.evaluate(() => navigator.serviceWorker.ready)
  await logOut(page)
  const left = await page.evaluate(async () => {
    const cached: string[] = []
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) cached.push(req.url)
    }
    return {
      token: localStorage.getItem('LOGIN_TOKEN'),
      user: localStorage.getItem('USERINFO'),
      userApiCached: cached.filter((u) => /\/api\/(user|feedback|common\/image|common\/upload)/.test(u)),
    }
  })
  expect(left, 'nothing of the session is left behind').toEqual({ token: null, user: null, userApiCached: [] })

  await logIn(page, bob.email, bob.password)
  for (const path of ['/user-center', '/identity', '/feedlist', '/share-code', '/secure-center'])
    await openAsBob(page, path, true)
  await context.setOffline(true)
  try {
    for (const path of ['/user-center', '/identity', '/feedlist']) await openAsBob(page, path, false)
    await settledShot(page, 'journey-offline-second-user')
  } finally {
    await context.setOffline(false)
  }
  await logOut(page)
})
