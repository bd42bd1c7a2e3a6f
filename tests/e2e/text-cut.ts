/**
 * Text cut short on screen: an element that clips its text sideways (`text-overflow: ellipsis` or `overflow: hidden`
 * or `clip`) while its content is wider than its box, or clamps it to N lines (`-webkit-line-clamp`) while it is
 * taller. What a user sees as "TC Mar…", "A6…" or a number with its last digits gone. The ten languages are
 * visited at 360 px by look.spec.ts (Home, Market, K-line, Trade), account-look.spec.ts (the account screens,
 * the notification settings and the price-alert sheet),
 * lever-look.spec.ts, micro.spec.ts and financial.spec.ts.
 */
import { expect, type Page } from '@playwright/test'
import { LOCALES, type Locale } from '../../common/constants'
import type { StoredSession } from './fixtures'

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
 * The narrowest phone the app supports, for `phone({ ...NARROW, language: 'en' })`: 360 CSS px wide. One such
 * phone visits every language in turn (`switchLanguage`): a fresh context per language would download and compile the
 * whole app again ten times, minutes of a CI run.
 */
export const NARROW = { viewport: { width: 360, height: 800 } } as const

/**
 * Stores `locale` as the user's language choice (as the language picker stores it) and, when given, `session` as the
 * signed-in user; the next full page load (`page.goto`) opens the app in that language as that user. The page must be
 * on the app's origin (a phone from `phone({ language })` is, for its first load, without this call).
 */
export async function switchLanguage(page: Page, locale: Locale, session?: StoredSession): Promise<void> {
  await page.evaluate(
    ({ l, token }) => {
      localStorage.setItem('LANGUAGE_KEY', JSON.stringify(l))
      if (token !== undefined) {
        localStorage.setItem('LOGIN_TOKEN', JSON.stringify(token))
        localStorage.removeItem('USERINFO')
      }
    },
    { l: locale, token: session?.token },
  )
}

/** Waits until the page shows `locale` (the app sets `<html lang>` once that language's texts are in). */
export async function inLocale(page: Page, locale: Locale): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', locale)
}
