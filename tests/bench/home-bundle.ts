/**
 * The critical path to the first price on /home as served (issue 9 part 4): every same-origin file a fresh phone
 * browser loads until a market row shows a price — the HTML, scripts, CSS, the market worker and its imports, the
 * locale catalog, the coin icons — fetched again from the real server with `Accept-Encoding: br`, so the figure is
 * the brotli bytes the server actually sends (response bodies, headers not counted). API calls and the service
 * worker's background precache are not counted (not static, or not needed to render), nor are the web manifest and
 * its icons (fetched by the browser for installing, not drawing). A file requested twice counts once.
 *
 * Targets (issue 9 table): ≤ 120 KB brotli on the wire, worker and CSS included; ≤ 20 JS/CSS/worker requests.
 * Median of 5 cold loads, each in a fresh profile.
 */
import { request as httpRequest } from 'node:http'
import type { Page, Request } from 'playwright-core'
import type { BenchResult } from './types'
import { repeat, type Summary } from './stats'
import { startAppServer } from '../helpers/app-server'
import { launchPhone } from '../helpers/browser'

/** In-page test for "the first price is on screen": a market row's price cell holds a digit. */
export function firstPriceShown(): boolean {
  return [...document.querySelectorAll('.market-row__price')].some((el) => /\d/.test(el.textContent ?? ''))
}

/** One file the browser requested before the first price. */
interface Loaded {
  path: string
  /** Script, stylesheet, document, image…, as the browser classed it. */
  kind: string
  /** Body bytes the browser received (encoded), as Chromium reports them. */
  browserBytes: number
  browserEncoding: string
}

/** Same-origin static files requested before `done` resolves (no /api/, no service-worker script). */
async function staticRequestsUntil(page: Page, origin: string, done: () => Promise<unknown>): Promise<Request[]> {
  const seen: Request[] = []
  const listener = (req: Request) => {
    const url = new URL(req.url())
    if (url.origin !== origin || url.pathname.startsWith('/api/')) return
    if (/^\/(sw|registerSW|workbox-[^/]*)\.js$/.test(url.pathname)) return
    // The web manifest and its icons are fetched by the browser for installing, not for drawing the page.
    if (url.pathname === '/manifest.webmanifest' || url.pathname.startsWith('/icons/')) return
    // A second request for the same file is answered from the memory cache: counted once.
    if (seen.some((r) => new URL(r.url()).pathname === url.pathname)) return
    seen.push(req)
  }
  page.on('request', listener)
  await done()
  page.off('request', listener)
  return seen
}

/** Loads /home in a fresh profile and lists the static files needed for the first price. */
async function coldHomeLoad(origin: string): Promise<Loaded[]> {
  const context = await launchPhone()
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    const requests = await staticRequestsUntil(page, origin, async () => {
      await page.goto(`${origin}/home`)
      await page.waitForFunction(firstPriceShown, undefined, { timeout: 60_000 })
    })
    return await Promise.all(
      requests.map(async (req) => {
        const res = await req.response()
        const sizes = await req.sizes().catch(() => ({ responseBodySize: 0 }))
        return {
          path: new URL(req.url()).pathname,
          kind: req.resourceType(),
          browserBytes: sizes.responseBodySize,
          browserEncoding: (await res?.allHeaders())?.['content-encoding'] ?? 'identity',
        }
      }),
    )
  } finally {
    await context.close()
  }
}

/** Body size and Content-Encoding of `path` fetched with `Accept-Encoding: br` (node:http does not decode). */
export function servedBrotli(origin: string, path: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => (bytes += chunk.length))
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

const kb = (n: number) => Math.round((n / 1024) * 10) / 10

export async function runHomeBundleBench(): Promise<BenchResult[]> {
  const server = await startAppServer({ env: { MARKET_SOURCE: 'sim' } })
  try {
    const loads: { files: Loaded[]; served: number[]; uncompressed: string[] }[] = []
    const measure = async (): Promise<Loaded[]> => {
      const files = await coldHomeLoad(server.url)
      const served = await Promise.all(files.map((f) => servedBrotli(server.url, f.path)))
      loads.push({
        files,
        served: served.map((s) => s.bytes),
        uncompressed: files.filter((_, i) => served[i]!.encoding !== 'br').map((f) => f.path),
      })
      return files
    }
    const code = (f: Loaded) => /^(script|stylesheet|other)$/.test(f.kind) || /\.(m?js|css)$/.test(f.path)
    const bytes: Summary = await repeat(async () => {
      await measure()
      const last = loads[loads.length - 1]!
      return last.served.reduce((a, b) => a + b, 0) / 1024
    }, 'KB')
    const counts = loads.map((l) => l.files.filter(code).length)
    const requests = [...counts].sort((a, b) => a - b)[counts.length >> 1]!
    const sample = loads[0]!
    const browserKb = kb(sample.files.reduce((a, f) => a + f.browserBytes, 0))
    const encodings = [...new Set(sample.files.map((f) => f.browserEncoding))].join('/')
    const uncompressed = [...new Set(loads.flatMap((l) => l.uncompressed))]
    const list = sample.files.map((f, i) => `${f.path} ${kb(sample.served[i]!)}`).join('; ')
    return [
      {
        name: 'brotli bytes to first price on /home (as served)',
        value: Math.round(bytes.median * 10) / 10,
        unit: 'KB',
        target: '≤ 120 KB',
        pass: bytes.median <= 120 && uncompressed.length === 0,
        note:
          `${bytes.spread}; HTML+JS+CSS+worker+catalog+images, response bodies with Accept-Encoding: br; ` +
          `Chromium itself received ${browserKb} KB (${encodings}); ` +
          (uncompressed.length ? `NOT brotli: ${uncompressed.join(', ')}; ` : '') +
          `files: ${list}`,
      },
      {
        name: 'JS/CSS/worker requests to first price on /home',
        value: requests,
        unit: 'count',
        target: '≤ 20',
        pass: requests <= 20,
        note: `median of ${counts.length} cold loads (${Math.min(...counts)}–${Math.max(...counts)}); all static requests: ${sample.files.length}`,
      },
    ]
  } finally {
    await server.stop()
  }
}
