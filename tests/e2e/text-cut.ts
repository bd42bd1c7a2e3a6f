/**
 * Text cut short on screen: an element that clips its text sideways (`text-overflow: ellipsis` or `overflow: hidden`
 * or `clip`) while its content is wider than its box, or clamps it to N lines (`-webkit-line-clamp`) while it is
 * taller. What a user sees as "TC Mar…", "A6…" or a number with its last digits gone. The ten languages are
 * visited at 360 px by look.spec.ts (Home, Market, K-line) and account-look.spec.ts (the account screens).
 */
import { expect, type Browser, type Page } from '@playwright/test'
import { LOCALES, type Locale } from '../../common/constants'
import type { StoredSession } from './fixtures'
import { PHONE } from './phone'

export { LOCALES, type Locale }

/**
 * Cuts that are meant, with why. Everything else that is cut fails the test.
 * - `.notice-ticker__text`: Home's one-line announcement ticker; the whole title is one tap away.
 * - `.notice-list__summary`: announcement summaries are written by operators at any length; the list shows two
 *   lines, the details page the whole announcement. (Titles are shown whole, also in the list.)
 * - `.fb-row__title`: feedback titles in the user's ticket list (their own text, up to 100 characters), shown whole
 *   on the ticket's page.
 */
export const INTENDED_CUTS = ['.notice-ticker__text', '.notice-list__summary', '.fb-row__title'] as const

/**
 * Descriptions (`tag.classes 312>218 px "text…"`) of the visible elements whose text is cut, apart from `allowed`
 * selectors (and their descendants). Visually hidden text (a 1 px box, for screen readers) is not on screen and is
 * skipped. Measured after the web fonts have loaded.
 */
export async function cutTexts(page: Page, allowed: readonly string[] = INTENDED_CUTS): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  // Plain expressions only inside evaluate (see context.ts: no named inner functions).
  return page.evaluate(
    (allow) =>
      [...document.querySelectorAll('body *')].flatMap((el) => {
        if (!(el instanceof HTMLElement) || el.clientWidth <= 1 || el.clientHeight <= 1) return []
        if (allow.some((sel) => el.closest(sel))) return []
        const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim()
        const s = getComputedStyle(el)
        if (!text || s.visibility === 'hidden') return []
        const clipsSideways = s.textOverflow === 'ellipsis' || /^(hidden|clip)$/.test(s.overflowX)
        const clamped = s.webkitLineClamp !== 'none' && s.webkitLineClamp !== ''
        const sideways = clipsSideways && el.scrollWidth > el.clientWidth
        // A clamp hides whole lines; 1 px is a fractional line-height rounded, not a line.
        const down = clamped && el.scrollHeight > el.clientHeight + 1
        if (!sideways && !down) return []
        const size = sideways
          ? `${el.scrollWidth}>${el.clientWidth} px wide`
          : `${el.scrollHeight}>${el.clientHeight} px tall`
        return [`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${size} "${text.slice(0, 48)}"`]
      }),
    allowed,
  )
}

/** Fails, naming each cut text, when anything on the page is cut short (see `cutTexts`). */
export async function expectNothingCut(page: Page, where: string): Promise<void> {
  expect(await cutTexts(page), `${where}: text cut short`).toEqual([])
}

/**
 * A 360 px phone in `locale` (stored as the user's language choice, as the language picker stores it), signed in
 * when `session` is given. The caller closes its context.
 */
export async function narrowPhoneIn(
  browser: Browser,
  baseURL: string,
  locale: Locale,
  session?: StoredSession,
): Promise<Page> {
  const localStorage = [{ name: 'LANGUAGE_KEY', value: JSON.stringify(locale) }]
  if (session) {
    localStorage.push({ name: 'LOGIN_TOKEN', value: JSON.stringify(session.token) })
    if (session.user !== undefined) localStorage.push({ name: 'USERINFO', value: JSON.stringify(session.user) })
  }
  const context = await browser.newContext({
    ...PHONE,
    viewport: { width: 360, height: 800 },
    baseURL,
    serviceWorkers: 'block',
    storageState: { cookies: [], origins: [{ origin: baseURL, localStorage }] },
  })
  return context.newPage()
}

/** Waits until the page shows `locale` (the app sets `<html lang>` once that language's texts are in). */
export async function inLocale(page: Page, locale: Locale): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', locale)
}
