/**
 * Every account screen of issue 3 at the phone widths the app supports (360 and 540 px), in light and dark: the
 * screen draws its title, nothing scrolls sideways or sticks out past the right edge, and the background follows
 * the theme. A fresh user with a feedback ticket and a basic identity in review gives the screens content.
 * Screenshots land in tests/e2e/out/account/ for people to look at.
 */
import type { Page } from 'playwright-core'
import { assertNoSideScroll, backgroundLuminance, settledShot, type E2E } from './context'
import { check, type Step } from './harness'
import { api, registerByApi } from './sessions'

const WIDTHS = [360, 540] as const
const THEMES = ['light', 'dark'] as const

/** Screens of a signed-in user; `{feedback}` is the user's ticket id. */
const SIGNED_IN = [
  '/user-center', '/share-code', '/contact', '/secure-center', '/change-login-passwd', '/change-pay-passwd',
  '/about-us', '/feedlist', '/feedback', '/feedback-details?id={feedback}', '/help-center', '/help-details?id=1',
  '/notice-center', '/notice-details?id=1', '/primary', '/advanced', '/identity',
]
/** Screens of someone signed out. */
const SIGNED_OUT = ['/login', '/register', '/user-center']

/** Visible elements whose box reaches past the viewport's right edge (clipped by an overflow: hidden parent). */
function stickingOut(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('#root *')]
      .filter((el) => {
        const r = el.getBoundingClientRect()
        if (r.width === 0 || r.height === 0 || r.right <= window.innerWidth + 1) return false
        // Intentionally scrollable strips (tabs, chips) may run on.
        for (let p = el.parentElement; p; p = p.parentElement) {
          if (/(auto|scroll)/.test(getComputedStyle(p).overflowX)) return false
        }
        return getComputedStyle(el).visibility !== 'hidden'
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (right ${Math.round(el.getBoundingClientRect().right)})`),
  )
}

async function look(page: Page, url: string, path: string, width: number, theme: string, tag: string): Promise<void> {
  await page.setViewportSize({ width, height: 800 })
  await page.goto(url + path)
  await page.locator('.page-header__title').first().waitFor({ timeout: 10_000 })
  await page.waitForTimeout(300)
  const where = `${path} at ${width} px, ${theme}`
  await assertNoSideScroll(page).catch((err: Error) => check(false, `${where}: ${err.message}`))
  const out = await stickingOut(page)
  check(out.length === 0, `${where}: past the right edge: ${out.join(', ')}`)
  const luminance = await backgroundLuminance(page)
  check(theme === 'dark' ? luminance < 0.3 : luminance > 0.6, `${where}: background luminance ${luminance.toFixed(2)}`)
  const slug = path.replace(/^\//, '').replace(/\?.*$/, '')
  await settledShot(page, `account/${tag}-${slug}-${width}-${theme}`)
}

async function setTheme(page: Page, theme: string): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('THEME', JSON.stringify(t)), theme)
}

export function accountLookSteps(e: () => E2E): Step[] {
  return [
    {
      name: `${SIGNED_IN.length} signed-in and ${SIGNED_OUT.length} signed-out account screens fit 360 and 540 px, light and dark`,
      run: async () => {
        const { page, server } = e()
        const session = await registerByApi(e(), `look-${Date.now()}@example.com`, 'amber lighthouse meadow')
        const ticket = await api<{ id: number }>(e(), 'POST', 'feedback/submit', {
          type: 'withdrawal', title: 'Withdrawal still pending after two days',
          content: 'I asked for 120 USDT on Monday and the record still says pending review. Is anything missing?',
        }, session.token)
        check(ticket.code === 1, `feedback/submit: ${ticket.msg}`)
        const basic = await api(e(), 'POST', 'user/identity_basic', {
          name: 'Maria Fernanda dos Santos Oliveira', id_number: 'BR123456789', city: 'São Paulo', email: 'maria@example.com',
        }, session.token)
        check(basic.code === 1, `user/identity_basic: ${basic.msg}`)

        await page.goto(server.url + '/home')
        await page.evaluate(([t, u]) => {
          localStorage.setItem('LOGIN_TOKEN', JSON.stringify(t))
          localStorage.setItem('USERINFO', u)
        }, [session.token, JSON.stringify(session.user)] as const)
        try {
          for (const theme of THEMES) {
            await setTheme(page, theme)
            for (const width of WIDTHS) {
              for (const path of SIGNED_IN) {
                await look(page, server.url, path.replace('{feedback}', String(ticket.data.id)), width, theme, 'in')
              }
            }
          }
          await page.evaluate(() => (localStorage.removeItem('LOGIN_TOKEN'), localStorage.removeItem('USERINFO')))
          for (const theme of THEMES) {
            await setTheme(page, theme)
            for (const width of WIDTHS) {
              for (const path of SIGNED_OUT) await look(page, server.url, path, width, theme, 'out')
            }
          }
        } finally {
          // The steps that follow expect a signed-out, light, 390 px phone.
          await page.evaluate(() => {
            localStorage.removeItem('LOGIN_TOKEN')
            localStorage.removeItem('USERINFO')
            localStorage.setItem('THEME', JSON.stringify('light'))
          })
          await page.setViewportSize({ width: 390, height: 844 })
        }
      },
    },
  ]
}
