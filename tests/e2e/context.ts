/** Page helpers of the end-to-end tests: screenshots for people, side scroll, theme luminance, market rows. */
import { mkdirSync } from 'node:fs'
import { expect, type Page } from '@playwright/test'

export const OUT_DIR = 'tests/e2e/out'

/**
 * Saves a full-page screenshot as tests/e2e/out/<name>.png (looked at by people, not compared). Under CI=true,
 * where nobody looks at them, only with E2E_SHOTS=1: the run takes over 200 of them, minutes on a 2-core machine.
 */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.CI === 'true' && process.env.E2E_SHOTS !== '1') return
  mkdirSync(OUT_DIR, { recursive: true })
  await page.screenshot({ path: `${OUT_DIR}/${name}.png`, fullPage: false })
}

/** Waits until nothing is loading: the start-up loader, the route overlay, spinners and busy regions are gone. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('.startup, .route-overlay, .spinner, [aria-busy="true"]')).toHaveCount(0)
}

/**
 * Opens `path` (`/deposit?x=1`) inside the running app, the way a tapped link does, without reloading: TanStack
 * Router's browser history wraps `history.pushState` and routes on it. The page must already show the app (a first
 * `page.goto`). Waits until the URL is `path` and a `titleSelector` element of the new screen is drawn: the old
 * screen's title elements are marked first, so a title of the screen being left never counts. Look-through tests
 * visit dozens of screens per phone; a full load each costs seconds of script parsing on a busy 2-core machine.
 */
export async function openInApp(page: Page, path: string, titleSelector: string): Promise<void> {
  await page.evaluate(
    ({ to, title }) => {
      document.querySelectorAll(title).forEach((el) => el.setAttribute('data-left', ''))
      const index = Number((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1
      history.pushState({ __TSR_index: index, key: `look${index}`, __TSR_key: `look${index}` }, '', to)
    },
    { to: path, title: titleSelector },
  )
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path)
  const fresh = titleSelector
    .split(',')
    .map((sel) => `${sel.trim()}:not([data-left])`)
    .join(', ')
  await expect(page.locator(fresh).first()).not.toBeEmpty()
}

/** A screenshot once the page has settled (a full load shows the start-up loader for about half a second). */
export async function settledShot(page: Page, name: string): Promise<void> {
  await settled(page)
  await shot(page, name)
}

/** Waits until no CSS animation runs (a sheet or dialog fading in), so a screenshot shows the screen as it stays. */
export async function animationsDone(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length))
    .toBe(0)
}

/**
 * Fails unless the order form (spot or futures) is laid out as styled: the form beside the live book, the two side
 * buttons on one row, the order types on one row and the four share buttons on one row. Unstyled, each stacks.
 */
export async function assertOrderFormLaidOut(page: Page): Promise<void> {
  const tops = (selector: string) =>
    page.locator(selector).evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)))
  const lefts = await page
    .locator('.of-panel > *')
    .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)))
  expect(new Set(lefts).size, 'the form and the book side by side').toBe(2)
  for (const [what, selector, n] of [
    ['side buttons', '.of-sides__btn', 2],
    ['order types', '.of-types__btn', 2],
    ['share buttons', '.of-shares__btn', 4],
  ] as const) {
    const rows = await tops(selector)
    expect(rows, `${what}: ${n} of them`).toHaveLength(n)
    expect(new Set(rows).size, `${what} on one row`).toBe(1)
  }
}

/** Fails when the page scrolls sideways (a layout wider than the phone). */
export async function assertNoSideScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }))
  expect(scroll, `page is ${scroll}px wide in a ${width}px viewport`).toBeLessThanOrEqual(width + 1)
}

/** Relative luminance (0–1) of the page background (the first opaque background from the app root up). */
export async function backgroundLuminance(page: Page): Promise<number> {
  // Only plain expressions inside evaluate: tsx would wrap named inner functions in a helper the page lacks.
  const colours = await page.evaluate(() =>
    [document.querySelector('#root > *'), document.querySelector('#root'), document.body, document.documentElement]
      .filter((el) => el !== null)
      .map((el) => getComputedStyle(el).backgroundColor),
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
  return Number(text.replace(/[^0-9.-]/g, ''))
}

/** Distinct colours in the largest canvas, and a fingerprint of its pixels (a blank chart has one or two colours). */
export async function chartPixels(page: Page): Promise<{ colours: number; fingerprint: number }> {
  return page.evaluate(() => {
    const big = [...document.querySelectorAll('canvas')].sort((a, b) => b.width * b.height - a.width * a.height)[0]
    const ctx = big?.getContext('2d')
    if (!big || !ctx) return { colours: 0, fingerprint: 0 }
    const { data } = ctx.getImageData(0, 0, big.width, big.height)
    const seen = new Set<number>()
    let fingerprint = 0
    for (let i = 0; i < data.length; i += 16) {
      const rgb = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!
      seen.add(rgb)
      fingerprint = (fingerprint * 31 + rgb) | 0
    }
    return { colours: seen.size, fingerprint }
  })
}

/** Waits until the K-line chart is drawn (more than a background and a grid). */
export async function chartDrawn(page: Page): Promise<void> {
  await expect
    .poll(async () => (await chartPixels(page)).colours, { message: 'the chart draws candles', timeout: 20_000 })
    .toBeGreaterThan(6)
}

/** Waits until every market row on screen shows a price (each ticker has arrived); answers the rows. */
export async function pricedRows(page: Page, atLeast = 1): Promise<{ pair: string; price: string }[]> {
  let rows: { pair: string; price: string }[] = []
  await expect
    .poll(
      async () => {
        rows = await marketRows(page)
        return rows.length >= atLeast && rows.every((r) => /\d/.test(r.price))
      },
      { message: `at least ${atLeast} market rows, each with a price`, timeout: 20_000 },
    )
    .toBe(true)
  return rows
}
