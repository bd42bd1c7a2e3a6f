/**
 * Install and offline: the manifest and icons, a service worker in control, and a reload with no network and then
 * with the server gone still opens the app on the last market list, saying how old it is.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import type { Step } from './harness'
import { check } from './harness'
import { marketRows, shot, type E2E } from './context'

interface Manifest {
  name: string
  short_name: string
  display: string
  start_url: string
  icons: { src: string; sizes: string; purpose?: string }[]
}

async function openMarketWithPrices(e: E2E): Promise<void> {
  await e.page.goto(`${e.server.url}/market`)
  await e.page.waitForSelector('.market-row .market-row__price:not(:empty)', { timeout: 20_000 })
}

export function pwaSteps(e: () => E2E): Step[] {
  return [
    {
      name: 'the app is installable: manifest with 192/512/maskable icons and a service worker in control',
      run: async () => {
        const { page, server } = e()
        await openMarketWithPrices(e())
        const href = await page.getAttribute('link[rel="manifest"]', 'href')
        check(href, 'no manifest link')
        const manifest = (await (await fetch(new URL(href, server.url))).json()) as Manifest
        check(manifest.display === 'standalone' && manifest.name && manifest.short_name, 'manifest lacks name/display')
        for (const size of ['192x192', '512x512']) check(manifest.icons.some((i) => i.sizes === size), `no ${size} icon`)
        check(manifest.icons.some((i) => i.purpose === 'maskable'), 'no maskable icon')
        for (const icon of manifest.icons) {
          const res = await fetch(new URL(icon.src, server.url))
          check(res.ok && res.headers.get('content-type')?.includes('image/png'), `icon ${icon.src} is ${res.status}`)
        }
        await page.evaluate(() => navigator.serviceWorker.ready)
        await page.reload()
        await page.waitForSelector('.market-row')
        check(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'no service worker controls the page')
      },
    },
    {
      name: 'a new version prompts "A new version is available", and Reload puts it in control',
      run: async () => {
        const ctx = e()
        const { page } = ctx
        await openMarketWithPrices(ctx)
        await page.evaluate(() => navigator.serviceWorker.ready)
        const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')
        // A deploy as the browser sees it: a byte-different sw.js. Restored afterwards.
        const swFile = 'dist/sw.js'
        const original = readFileSync(swFile, 'utf8')
        writeFileSync(swFile, `${original}\n// e2e deploy ${Date.now()}\n`)
        try {
          await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()))
          await page.getByRole('alert').getByText('A new version is available').waitFor({ timeout: 20_000 })
          await shot(page, 'update-prompt-390')
          const reloaded = page.waitForEvent('load', { timeout: 20_000 })
          await page.getByRole('button', { name: 'Reload' }).click()
          await reloaded
          await page.waitForSelector('.market-row')
          const waiting = await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null))
          check(waiting === null, 'the new service worker is still waiting after Reload')
          check((await page.getByText('A new version is available').count()) === 0, 'the prompt stayed after Reload')
          check(before.endsWith('/sw.js'), `controller was ${before}`)
        } finally {
          writeFileSync(swFile, original)
        }
      },
    },
    {
      name: 'offline, a reload opens the app on the cached market list and says how old it is',
      run: async () => {
        const ctx = e()
        await openMarketWithPrices(ctx)
        await ctx.page.waitForTimeout(7000) // the worker stores tickers at most every 5 s
        const online = await marketRows(ctx.page)
        await ctx.browser.setOffline(true)
        try {
          const res = await ctx.page.reload()
          check(res?.fromServiceWorker(), 'the reload did not come from the service worker')
          await ctx.page.waitForSelector('.market-row .market-row__price:not(:empty)', { timeout: 20_000 })
          const offline = await marketRows(ctx.page)
          check(offline.length === online.length, `offline list has ${offline.length} rows, online had ${online.length}`)
          check(offline.every((r) => /\d/.test(r.price)), 'a cached row has no price')
          await ctx.page.getByText(/Offline — prices from/).waitFor({ timeout: 10_000 })
          await shot(ctx.page, 'market-offline-390')
        } finally {
          await ctx.browser.setOffline(false)
        }
      },
    },
    {
      name: 'with the server stopped, a reload still opens the app with the last markets and their age',
      run: async () => {
        const ctx = e()
        await openMarketWithPrices(ctx)
        await ctx.page.waitForTimeout(6000)
        await ctx.server.stop()
        await ctx.page.reload()
        await ctx.page.waitForSelector('.market-row .market-row__price:not(:empty)', { timeout: 20_000 })
        await ctx.page.getByText(/prices from/).waitFor({ timeout: 20_000 })
        await shot(ctx.page, 'market-server-stopped-390')
      },
    },
  ]
}
