/**
 * Install and offline: the manifest and icons, a service worker in control of the first visit, a new version's
 * prompt, and after that first visit a reload with no network and then with the server gone still opens the app on
 * the last market list (and the K-line page on its kept candles and book), saying how old they are. These tests get a
 * server of their own (the last one stops it) on the same source as the shared one. offline.spec.ts covers offline
 * after a first visit in detail.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import { startAppServer, type AppServer } from '../helpers/app-server'
import { chartDrawn, pricedRows, shot } from './context'
import { expect, test as shared } from './fixtures'
import { REPLAY_DIR } from './replay-data'
import { kept, serviceWorkerInControl } from './stored'
import type { Page } from '@playwright/test'

interface Manifest {
  name: string
  short_name: string
  display: string
  start_url: string
  icons: { src: string; sizes: string; purpose?: string }[]
}

const test = shared.extend<{ own: AppServer }, { ownServer: AppServer }>({
  ownServer: [
    async ({ server }, use) => {
      const own = await startAppServer({
        env: { MARKET_SOURCE: server.replay ? `replay:${REPLAY_DIR}` : 'sim', LIVE_TRADING_ON_TEST_FEED: '1' },
      })
      await use(own)
      await own.stop()
    },
    // Starting takes seconds on the build the global setup made; it rebuilds first if src/ changed since.
    { scope: 'worker', timeout: 300_000 },
  ],
  own: async ({ ownServer }, use) => use(ownServer),
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
})

test.describe.configure({ mode: 'serial' })
test.use({ serviceWorkers: 'allow' })

/** A first visit to the market list: prices shown, and the service worker it installs in control (no reload). */
async function marketUnderServiceWorker(page: Page): Promise<{ pair: string; price: string }[]> {
  await page.goto('/market')
  const rows = await pricedRows(page)
  await serviceWorkerInControl(page)
  return rows
}

/** The symbols of market rows ("BTC/USDT" → btcusdt). */
const symbolsOf = (rows: { pair: string }[]) => rows.map((r) => r.pair.replace('/', '').toLowerCase())

test('the app is installable: manifest with 192/512/maskable icons and a service worker in control', async ({
  page,
  own,
}) => {
  await page.goto('/market')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href, 'a manifest link').toBeTruthy()
  const manifest = (await (await fetch(new URL(href!, own.url))).json()) as Manifest
  expect(manifest).toMatchObject({ display: 'standalone', name: expect.any(String), short_name: expect.any(String) })
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
  expect(
    manifest.icons.some((i) => i.purpose === 'maskable'),
    'a maskable icon',
  ).toBe(true)
  for (const icon of manifest.icons) {
    const res = await fetch(new URL(icon.src, own.url))
    expect(res.status, `icon ${icon.src}`).toBe(200)
    expect(res.headers.get('content-type')).toContain('image/png')
  }
  await marketUnderServiceWorker(page)
})

test('the built app is sent brotli-compressed: shell, entry script, its CSS and the market worker', async ({ own }) => {
  // node:http does not decode, so the headers and byte counts are the ones on the wire.
  const get = (path: string) =>
    new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
      request(new URL(path, own.url), { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
        const parts: Buffer[] = []
        res.on('data', (b: Buffer) => parts.push(b))
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(parts) }),
        )
      })
        .on('error', reject)
        .end()
    })
  const shell = await get('/home')
  expect(shell.encoding).toBe('br')
  const html = brotliDecompressSync(shell.body).toString()
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!)
  expect(files.some((f) => f.endsWith('.js'))).toBe(true)
  expect(files.some((f) => f.endsWith('.css'))).toBe(true)
  for (const file of files) {
    const res = await get(file)
    expect(res.encoding, file).toBe('br')
    expect(res.vary, file).toMatch(/accept-encoding/i)
  }
})

test('a new version prompts "A new version is available", and Reload puts it in control', async ({ page }) => {
  await marketUnderServiceWorker(page)
  const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')
  expect(before).toMatch(/\/sw\.js$/)
  // A deploy as the browser sees it: a byte-different sw.js, with the precompressed copies the server prefers
  // (static-site.ts sends sw.js.br to a browser that accepts br). Restored afterwards.
  const swFile = 'dist/sw.js'
  const original = readFileSync(swFile)
  const encoded = { br: readFileSync(`${swFile}.br`), gz: readFileSync(`${swFile}.gz`) }
  const next = Buffer.from(`${original.toString('utf8')}\n// e2e deploy ${Date.now()}\n`)
  writeFileSync(swFile, next)
  writeFileSync(`${swFile}.br`, brotliCompressSync(next))
  writeFileSync(`${swFile}.gz`, gzipSync(next))
  try {
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()))
    await expect(page.getByRole('alert').getByText('A new version is available')).toBeVisible({ timeout: 20_000 })
    await shot(page, 'update-prompt-390')
    const reloaded = page.waitForEvent('load', { timeout: 30_000 }) // the new worker takes over first
    await page.getByRole('button', { name: 'Reload' }).click()
    await reloaded
    await pricedRows(page)
    expect(
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null)),
      'nothing waits after Reload',
    ).toBeNull()
    await expect(page.getByText('A new version is available')).toHaveCount(0)
  } finally {
    writeFileSync(swFile, original)
    writeFileSync(`${swFile}.br`, encoded.br)
    writeFileSync(`${swFile}.gz`, encoded.gz)
  }
})

test('offline, a reload opens the app on the cached market list and says how old it is', async ({ page, context }) => {
  const online = await marketUnderServiceWorker(page)
  await kept(page, 'tickers', symbolsOf(online))
  await context.setOffline(true)
  try {
    const res = await page.reload()
    expect(res?.fromServiceWorker(), 'the reload came from the service worker').toBe(true)
    await expect(page.getByText(/Offline — prices from/)).toBeVisible()
    const offline = await pricedRows(page, online.length)
    expect(offline.map((r) => r.pair)).toEqual(online.map((r) => r.pair))
    await shot(page, 'market-offline-390')
  } finally {
    await context.setOffline(false)
  }
})

test('with the server stopped, a reload still opens the last markets and K-line page with their age', async ({
  page,
  own,
}) => {
  const online = await marketUnderServiceWorker(page)
  await kept(page, 'tickers', symbolsOf(online))
  await page.goto('/kline?symbol=btcusdt')
  await chartDrawn(page)
  await kept(page, 'books', ['btcusdt'])
  await kept(page, 'candles', ['btcusdt|1min'])
  await own.stop()
  await page.reload()
  const chart = page.locator('.kline-chart-card')
  await expect(chart.getByRole('status'), 'the age of the candles').toHaveText(/Reconnecting — prices from/, {
    timeout: 20_000,
  })
  await expect(chart).toHaveAttribute('data-origin', 'cache')
  await chartDrawn(page)
  await expect(page.locator('.order-book').getByRole('status')).toHaveText(/Reconnecting — prices from/)
  await expect
    .poll(() => page.locator('.order-book .trend--up, .order-book .trend--down').count(), { message: 'the kept book' })
    .toBeGreaterThanOrEqual(10)
  await shot(page, 'kline-server-stopped-390')
  await page.goto('/market')
  await expect(page.getByText(/prices from/)).toBeVisible({ timeout: 20_000 })
  expect((await pricedRows(page, online.length)).map((r) => r.pair)).toEqual(online.map((r) => r.pair))
  await shot(page, 'market-server-stopped-390')
})
