/**
 * K-line chunk on the wire (issue 9, target ≤ 60 KB brotli): the scripts and styles the K-line page loads for its
 * first candle that /home does not load (the route chunk, the chart chunk, konva), each brotli-compressed at quality
 * 11 as the server precompresses them. Two fresh phone profiles against the built app: /home until a price shows,
 * then /kline until the chart has drawn candles; the difference of their requests is the K-line's own cost. Also
 * checks that react-konva (and its second React renderer, react-reconciler) is not among them: it belongs to the
 * depth chart, loaded only when the Depth tab opens.
 */
import { brotliCompressSync, constants } from 'node:zlib'
import type { BrowserContext } from 'playwright-core'
import { startAppServer } from '../helpers/app-server'
import { launchPhone } from '../helpers/browser'
import type { BenchResult } from './types'

const TARGET_KB = 60

/** Script and stylesheet URLs (same origin, no service worker) a fresh profile loads until `ready` holds. */
async function assetsUntil(base: string, path: string, ready: () => boolean): Promise<Set<string>> {
  const context: BrowserContext = await launchPhone()
  const urls = new Set<string>()
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    page.on('request', (req) => {
      const url = req.url().split('?')[0]!
      if (url.startsWith(base) && /\.(m?js|css)$/.test(url) && !/\/(sw|workbox-[^/]*)\.js$/.test(url)) urls.add(url)
    })
    await page.goto(`${base}${path}`)
    await page.waitForFunction(ready, undefined, { timeout: 60_000 })
  } finally {
    await context.close()
  }
  return urls
}

export async function runKlineChunkBench(): Promise<BenchResult[]> {
  const server = await startAppServer({ env: { MARKET_SOURCE: 'sim' } })
  try {
    const home = await assetsUntil(server.url, '/home', () =>
      [...document.querySelectorAll('.market-row')].some((r) => /\d/.test(r.textContent ?? '')),
    )
    const kline = await assetsUntil(server.url, '/kline?symbol=btcusdt', () => {
      // Candles drawn: the chart's biggest canvas holds more than a background and a grid.
      const canvases = [...document.querySelectorAll<HTMLCanvasElement>('.kline-chart canvas')]
      return canvases.some((c) => {
        if (c.width === 0) return false
        const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height)
        const seen = new Set<number>()
        for (let i = 0; i < data.length && seen.size < 4; i += 64)
          if (data[i + 3]) seen.add((data[i]! << 8) | data[i + 1]!)
        return seen.size >= 2
      })
    })
    let total = 0
    let reconciler = false
    const parts: string[] = []
    for (const url of kline) {
      if (home.has(url)) continue
      const body = Buffer.from(await (await fetch(url)).arrayBuffer())
      if (body.includes('react-konva')) reconciler = true
      const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
      total += br
      parts.push(`${url.replace(server.url, '')} ${(br / 1024).toFixed(1)}`)
    }
    const kb = Math.round((total / 1024) * 10) / 10
    return [
      {
        name: 'K-line chunk(s) to first candle beyond /home (brotli)',
        value: kb,
        unit: 'KB',
        target: `≤ ${TARGET_KB} KB`,
        pass: kb <= TARGET_KB && !reconciler,
        note: `${parts.length} files: ${parts.join('; ')}; react-konva/react-reconciler among them: ${reconciler ? 'YES (should load only with the Depth tab)' : 'no'}`,
      },
    ]
  } finally {
    await server.stop()
  }
}
