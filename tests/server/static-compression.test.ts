/**
 * Precompressed static files (issue 9 part 1): the build writes `<file>.br` and `<file>.gz` beside each text file,
 * and the server answers with the best one the browser accepts, with the same cache policy as the plain file and
 * `Vary: Accept-Encoding` on every variant.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { testApp, type TestApp } from '../helpers/server-app'
import { pgliteTestDb } from '../helpers/server-db'

const INDEX = `<!doctype html><html><head><title>TC Market</title></head><body>${'<p>shell</p>'.repeat(40)}</body></html>`
const ENTRY = `console.log(${JSON.stringify('the app entry '.repeat(200))})`
const SW = `self.addEventListener("fetch", () => {});${'/* precache */'.repeat(50)}`
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** A dist/ as `vite build` leaves it: every text file with its .br and .gz sibling. */
function precompressedDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tc-dist-br-'))
  mkdirSync(join(dir, 'assets'))
  const files: Record<string, string> = { 'index.html': INDEX, 'assets/index-Ab12Cd34.js': ENTRY, 'sw.js': SW }
  for (const [name, body] of Object.entries(files)) {
    writeFileSync(join(dir, name), body)
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(body))
    writeFileSync(join(dir, `${name}.gz`), gzipSync(body))
  }
  return dir
}

let database: Database
let t: TestApp
beforeAll(async () => {
  database = await pgliteTestDb()
  t = await testApp({ db: database.db, distDir: precompressedDist() })
})
afterAll(async () => {
  await t.app.close()
  await database.close()
})

async function get(url: string, acceptEncoding?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  })
  return { res, raw: res.rawPayload }
}

describe('precompressed static files', () => {
  it('sends the hashed entry script as brotli to a browser that accepts br, cached for a year', async () => {
    const { res, raw } = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/)
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.headers['cache-control']).toBe(IMMUTABLE)
    expect(Number(res.headers['content-length'])).toBe(raw.length)
    expect(raw.length).toBeLessThan(ENTRY.length / 4)
    expect(brotliDecompressSync(raw).toString()).toBe(ENTRY)
  })

  it('sends gzip to a client without brotli, and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate')
    expect(gz.res.headers['content-encoding']).toBe('gzip')
    expect(gz.res.headers.vary).toMatch(/accept-encoding/i)
    expect(gz.res.headers['cache-control']).toBe(IMMUTABLE)
    expect(gunzipSync(gz.raw).toString()).toBe(ENTRY)

    for (const accept of [undefined, 'identity']) {
      const plain = await get('/assets/index-Ab12Cd34.js', accept)
      expect(plain.res.statusCode, String(accept)).toBe(200)
      expect(plain.res.headers['content-encoding'], String(accept)).toBeUndefined()
      expect(plain.res.headers.vary, String(accept)).toMatch(/accept-encoding/i)
      expect(plain.res.headers['cache-control'], String(accept)).toBe(IMMUTABLE)
      expect(plain.raw.toString()).toBe(ENTRY)
    }
  })

  it('compresses the shell at /, at client routes and the service worker, still revalidated on each load', async () => {
    for (const url of ['/', '/home', '/kline?symbol=btcusdt', '/index.html']) {
      const { res, raw } = await get(url, 'br')
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-encoding'], url).toBe('br')
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expect(res.headers.vary, url).toMatch(/accept-encoding/i)
      expect(res.headers['cache-control'], url).toBe('no-cache')
      expect(brotliDecompressSync(raw).toString(), url).toBe(INDEX)
    }
    const sw = await get('/sw.js', 'gzip, br')
    expect(sw.res.headers['content-encoding']).toBe('br')
    expect(sw.res.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(sw.raw).toString()).toBe(SW)
  })

  it('keeps missing files a 404 whatever the client accepts', async () => {
    const { res } = await get('/assets/gone-123.js', 'br')
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-encoding']).toBeUndefined()
  })
})
