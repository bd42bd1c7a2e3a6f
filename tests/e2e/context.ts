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

/** A screenshot once the start-up loader has faded (a full load shows it for about half a second). */
export async function settledShot(page: Page, name: string): Promise<void> {
  await page.waitForSelector('.startup', { state: 'detached', timeout: 5_000 }).catch(() => undefined)
  await shot(page, name)
}

/** Fails when the page scrolls sideways (a layout wider than the phone). */
export async function assertNoSideScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }))
  if (scroll > width + 1) throw new Error(`page is ${scroll}px wide in a ${width}px viewport`)
}

/** Relative luminance (0–1) of the page background (the first opaque background from the app root up). */
export async function backgroundLuminance(page: Page): Promise<number> {
  // Only plain expressions inside evaluate: tsx would wrap named inner functions in a helper the page lacks.
  const colours = await page.evaluate(() =>
    [document.querySelector('#root > *'), document.querySelector('#root'), document.body, document.documentElement]
      .filter((el) => el !== null)
      .map((el) => getComputedStyle(el as Element).backgroundColor),
  )
  const opaque = colours.find((c) => !/rgba\(.*,\s*0\)$/.test(c) && c !== 'transparent') ?? 'rgb(255, 255, 255)'
  const [r = 255, g = 255, b = 255] = (opaque.match(/\d+(\.\d+)?/g) ?? []).map(Number)
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
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
