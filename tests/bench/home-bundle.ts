/**
 * Gzip size of the JavaScript needed for /home (issue 2 target ≤ 150 KB): every script the page and its market
 * worker load until the Home screen shows prices, each gzipped at level 9, in a fresh browser profile. The service
 * worker's own script and the precache it fetches in the background are reported apart (not needed to render).
 */
import { gzipSync } from 'node:zlib'
import type { BenchResult } from './types'
import { startAppServer } from '../helpers/app-server'
import { launchPhone } from '../helpers/browser'

export async function runHomeBundleBench(): Promise<BenchResult[]> {
  const server = await startAppServer({ env: { MARKET_SOURCE: 'sim' } })
  const context = await launchPhone()
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    const scripts = new Set<string>()
    page.on('request', (req) => {
      const url = req.url()
      if (url.startsWith(server.url) && /\.(m?js)(\?|$)/.test(url) && !/\/(sw|workbox-[^/]*)\.js/.test(url)) scripts.add(url)
    })
    page.on('worker', (w) => scripts.add(w.url()))
    await page.goto(`${server.url}/home`, { waitUntil: 'networkidle' })
    await page.waitForTimeout(1500)
    let total = 0
    const parts: string[] = []
    for (const url of scripts) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer())
      const gz = gzipSync(body, { level: 9 }).length
      total += gz
      parts.push(`${url.replace(server.url, '')} ${(gz / 1024).toFixed(1)}`)
    }
    const kb = total / 1024
    return [
      {
        name: 'gzip JS needed for /home',
        value: Math.round(kb * 10) / 10,
        unit: 'KB',
        target: '≤ 150 KB',
        pass: kb <= 150,
        note: `${scripts.size} scripts: ${parts.join('; ')}`,
      },
    ]
  } finally {
    await context.close()
    await server.stop()
  }
}
