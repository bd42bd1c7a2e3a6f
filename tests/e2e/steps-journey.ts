/**
 * The account journey of issue 3's "Done when", in one phone-sized browser against the real server:
 * a new user registers by e-mail (code from the outbox), logs in, sets a transaction password, submits basic and
 * then advanced identity with three photos; an operator approves each through `npm run admin` (which runs the
 * command inside the server holding the embedded database) and the app shows "Verified". A second user registers
 * through the first one's invitation link and the first sees one direct subordinate. Feedback goes in, the operator
 * replies through the CLI, the user reads the reply. Finally the first user logs out and the second logs in on the
 * same browser: nothing of the first is shown or stored, online or offline.
 */
import sharp from 'sharp'
import type { Page } from 'playwright-core'
import { runAdminCli } from '../helpers/admin-cli'
import { logIn, logOut, registerInForm, toast } from './account-ui'
import { assertNoSideScroll, settledShot, type E2E } from './context'
import { check, type Step } from './harness'

/** Runs `npm run admin -- …args` against the e2e server's data dir; resolves with its output (throws on exit ≠ 0). */
async function admin(e: E2E, ...args: string[]): Promise<string> {
  const r = await runAdminCli(args, { dataDir: e.server.dataDir })
  if (r.status !== 0) throw new Error(`admin ${args.join(' ')}: ${r.stdout}${r.stderr}`)
  return r.stdout + r.stderr
}

/** The identity id of the newest submission in review for `email`, from `identity list`. */
async function pendingSubmission(e: E2E, level: 'basic' | 'advanced'): Promise<string> {
  const out = await admin(e, 'identity', 'list', '--status', 'review')
  const line = out.split('\n').find((l) => l.includes(level))
  const id = line?.match(/^\s*#?(\d+)/)?.[1]
  if (!id) throw new Error(`no ${level} submission in review:\n${out}`)
  return id
}

async function photo(color: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 400, channels: 3, background: color } }).jpeg().toBuffer()
}

export function journeySteps(e: () => E2E): Step[] {
  const stamp = Date.now()
  const alice = { email: `alice-${stamp}@example.com`, password: 'violet harbour lantern' }
  const bob = { email: `bob-${stamp}@example.com`, password: 'granite meadow falcon' }
  const feedbackTitle = `Withdrawal question ${stamp}`
  let inviteLink = ''
  return [
    {
      name: 'journey: a new user registers by e-mail, logs out and logs in again',
      run: async () => {
        const { page, server } = e()
        await page.goto(server.url + '/register')
        await registerInForm(e(), page, alice.email, alice.password)
        await logOut(page, server.url)
        await logIn(page, server.url, alice.email, alice.password)
      },
    },
    {
      name: 'journey: sets a transaction password in the security center',
      run: async () => {
        const { page, server } = e()
        await page.goto(server.url + '/change-pay-passwd')
        await page.getByLabel('Login password', { exact: true }).fill(alice.password)
        await page.getByLabel('New transaction password', { exact: true }).fill('teal quarry window')
        await page.getByLabel('Confirm new password', { exact: true }).fill('teal quarry window')
        await page.locator('form button[type="submit"]').click()
        await toast(page, 'Transaction password set')
        await page.goto(server.url + '/secure-center')
        await page.getByText('Transaction password').waitFor()
        check((await page.locator('.sec-value--todo').count()) === 0, 'the security center still says "Set"')
      },
    },
    {
      name: 'journey: basic identity → operator approves with the CLI → advanced with three photos → approved → "Verified"',
      run: async () => {
        const { page, server } = e()
        await page.goto(server.url + '/primary')
        await page.getByLabel('Name', { exact: true }).fill('Alice Moreau')
        await page.getByLabel('ID number', { exact: true }).fill('FR12345678')
        await page.getByLabel('City', { exact: true }).fill('Lyon')
        await page.getByLabel('Email', { exact: true }).fill(alice.email)
        await page.locator('form button[type="submit"]').click()
        await toast(page, 'Submitted')
        await admin(e(), 'identity', 'approve', await pendingSubmission(e(), 'basic'))

        await page.goto(server.url + '/advanced')
        await page.getByText('ID card', { exact: true }).click()
        const inputs = page.locator('.uploader input[type="file"]')
        check((await inputs.count()) === 3, `expected 3 uploaders, found ${await inputs.count()}`)
        const colors = ['#b04040', '#40b040', '#4040b0']
        for (let i = 0; i < 3; i++) {
          await inputs.nth(i).setInputFiles({ name: `photo-${i}.jpg`, mimeType: 'image/jpeg', buffer: await photo(colors[i]!) })
          await page.locator('.uploader__img').nth(i).waitFor({ timeout: 15_000 })
        }
        await page.waitForFunction(() => document.querySelectorAll('.uploader__busy').length === 0)
        await settledShot(page, 'journey-advanced-photos')
        await page.locator('form button[type="submit"]').click()
        await toast(page, 'Submitted')
        await admin(e(), 'identity', 'approve', await pendingSubmission(e(), 'advanced'))

        await page.goto(server.url + '/identity')
        await page.getByText('Verified').first().waitFor()
        const verified = await page.getByText('Verified', { exact: true }).count()
        check(verified >= 2, `expected both tiers verified, saw ${verified} "Verified"`)
        // The member information shows the photos through signed URLs that load.
        const loaded = await page.$$eval('img', (imgs) =>
          imgs.filter((i) => i.src.includes('/api/common/image') && i.complete && i.naturalWidth > 0).length,
        )
        check(loaded >= 3, `expected 3 loaded identity photos, got ${loaded}`)
        await assertNoSideScroll(page)
        await settledShot(page, 'journey-identity-verified')
        await page.goto(server.url + '/user-center')
        await page.getByText('Verified').first().waitFor()
      },
    },
    {
      name: 'journey: a second user registers through the invitation link; the first sees 1 direct subordinate',
      run: async () => {
        const { page, server } = e()
        await page.goto(server.url + '/share-code')
        const link = page.locator('.share-copy', { hasText: 'Invitation link' }).locator('.share-copy__value')
        await link.waitFor()
        inviteLink = ((await link.textContent()) ?? '').trim()
        check(/\/register\?code=[A-Z0-9]+$/.test(inviteLink), `no invitation link on the share page: "${inviteLink}"`)
        await logOut(page, server.url)
        await page.goto(inviteLink.replace(/^https?:\/\/[^/]+/, server.url))
        const code = new URL(inviteLink).searchParams.get('code')!
        const field = page.getByLabel(/invitation code/i)
        await field.waitFor()
        check((await field.inputValue()) === code, `invitation code not prefilled: "${await field.inputValue()}"`)
        await registerInForm(e(), page, bob.email, bob.password)
        await logOut(page, server.url)
        await logIn(page, server.url, alice.email, alice.password)
        await page.goto(server.url + '/share-code')
        const direct = page.locator('.share-stats__item', { hasText: 'Direct subordinates' }).locator('.share-stats__value')
        await direct.waitFor()
        check((await direct.textContent())?.trim() === '1', `direct subordinates read "${await direct.textContent()}"`)
        await settledShot(page, 'journey-share-one-subordinate')
      },
    },
    {
      name: 'journey: feedback goes in, the operator replies with the CLI, the user reads the reply',
      run: async () => {
        const { page, server } = e()
        await page.goto(server.url + '/feedback')
        await page.locator('select, [role="radiogroup"]').first().waitFor()
        const select = page.locator('select').first()
        if (await select.count()) await select.selectOption({ index: 1 })
        else await page.getByRole('radio').nth(1).check()
        await page.getByLabel(/title/i).fill(feedbackTitle)
        await page.getByLabel(/content|description|details/i).fill('How long does a withdrawal review take?')
        await page.locator('form button[type="submit"]').click()
        await toast(page, /submitted/i)
        const list = await admin(e(), 'feedback', 'list', '--status', 'waiting')
        const id = list.split('\n').find((l) => l.includes(feedbackTitle))?.match(/^\s*#?(\d+)/)?.[1]
        check(id, `feedback not listed for the operator:\n${list}`)
        await admin(e(), 'feedback', 'reply', id, '--text', 'Usually within one business day.')
        await page.goto(server.url + '/feedlist')
        await page.getByText(feedbackTitle).click()
        await page.getByText('Usually within one business day.').waitFor()
        await settledShot(page, 'journey-feedback-replied')
      },
    },
    {
      name: 'journey: after logout the next user of the browser sees nothing of the first, online or offline',
      run: async () => {
        const { page, server, browser } = e()
        await logOut(page, server.url)
        const left = await page.evaluate(async () => {
          const dbs = (await indexedDB.databases()).map((d) => d.name ?? '')
          const cacheNames = await caches.keys()
          const cached: string[] = []
          for (const name of cacheNames) {
            for (const req of await (await caches.open(name)).keys()) cached.push(req.url)
          }
          return {
            token: localStorage.getItem('LOGIN_TOKEN'),
            user: localStorage.getItem('USERINFO'),
            dbs,
            userApiCached: cached.filter((u) => /\/api\/(user|feedback|common\/image|common\/upload)/.test(u)),
          }
        })
        check(left.token === null && left.user === null, `session left behind: ${JSON.stringify(left)}`)
        check(left.userApiCached.length === 0, `user answers cached: ${left.userApiCached.join(', ')}`)

        await logIn(page, server.url, bob.email, bob.password)
        for (const path of ['/user-center', '/identity', '/feedlist', '/share-code', '/secure-center']) {
          await page.goto(server.url + path)
          await page.waitForLoadState('networkidle')
          const body = (await page.textContent('body')) ?? ''
          for (const secret of [alice.email, 'Alice Moreau', 'Lyon', feedbackTitle]) {
            check(!body.includes(secret), `${path} shows "${secret}" of the previous user (online)`)
          }
        }
        await browser.setOffline(true)
        try {
          for (const path of ['/user-center', '/identity', '/feedlist']) {
            await page.goto(server.url + path).catch(() => undefined)
            await page.waitForTimeout(500)
            const body = (await page.textContent('body').catch(() => '')) ?? ''
            for (const secret of [alice.email, 'Alice Moreau', 'Lyon', feedbackTitle]) {
              check(!body.includes(secret), `${path} shows "${secret}" of the previous user (offline)`)
            }
          }
          await settledShot(page, 'journey-offline-second-user')
        } finally {
          await browser.setOffline(false)
        }
        await logOut(page, server.url)
      },
    },
  ]
}
