/** State shared by the end-to-end steps: the real server, one phone-sized browser profile, the screenshot folder. */
import { mkdirSync } from 'node:fs'
import type { BrowserContext, Page } from 'playwright-core'
import type { AppServer } from '../helpers/app-server'

export const OUT_DIR = 'tests/e2e/out'

export interface E2E {
  server: AppServer
  browser: BrowserContext
  page: Page
  replay: boolean
}

/** Saves a full-page screenshot as tests/e2e/out/<name>.png (looked at by people, not compared). */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true })
  await page.screenshot({ path: `${OUT_DIR}/${name}.png`, fullPage: false })
}

/** Fails when the page scrolls sideways (a layout wider than the phone). */
export async function assertNoSideScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }))
  if (scroll > width + 1) throw new Error(`page is ${scroll}px wide in a ${width}px viewport`)
}

/** Texts of the market rows on screen: "BTC/USDT" etc., with their displayed price. */
export async function marketRows(page: Page): Promise<{ pair: string; price: string }[]> {
  return page.$$eval('.market-row', (rows) =>
    rows.map((r) => ({
      pair: (r.querySelector('.market-row__base')?.textContent ?? '').trim(),
      price: (r.querySelector('.market-row__price')?.textContent ?? '').trim(),
    })),
  )
}

/** Parses a displayed price ("27,912.34", "27.912,34" never: we only read en pages) into a number. */
export function displayedNumber(text: string): number {
  return Number(text.replace(/[^0-9.\-]/g, ''))
}
