/** Serving the built PWA: history fallback, cache policy per file kind, security headers, and no build at all. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { contentSecurityPolicy } from '../../server/http/headers'
import { getJson, testApp, type TestApp } from '../helpers/server-app'
import { pgliteTestDb } from '../helpers/server-db'

const INDEX = '<!doctype html><html><head><title>TC Market test shell</title></head><body></body></html>'

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tc-dist-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), INDEX)
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), 'console.log("app")')
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(join(dir, 'registerSW.js'), '/* register */')
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"TC Market"}')
  writeFileSync(join(dir, '.build-complete'), '2026-11-26T00:00:00.000Z')
  return dir
}

/** The CSP of the default configuration: the market port on the default public origins' hosts. */
const CONTENT_SECURITY_POLICY = contentSecurityPolicy(['ws://localhost:8292', 'ws://127.0.0.1:8292'])

let database: Database
let t: TestApp
beforeAll(async () => {
  database = await pgliteTestDb()
  t = await testApp({ db: database.db, distDir: fakeDist() })
})
afterAll(async () => {
  await t.app.close()
  await database.close()
})

describe('built PWA', () => {
  it('serves index.html at / and for client routes, with the security headers and no caching', async () => {
    for (const url of ['/', '/home', '/kline?symbol=x', '/market/spot', '/kline']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toBe(INDEX)
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expect(res.headers['content-security-policy'], url).toBe(CONTENT_SECURITY_POLICY)
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['cache-control'], url).toBe('no-cache')
      // Plain http: no HSTS (it is only honoured, and only right, over https).
      expect(res.headers['strict-transport-security'], url).toBeUndefined()
    }
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self' ws://localhost:8292 ws://127.0.0.1:8292;")
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/ wss?:( |;|$)/)
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'")
  })

  it("does not serve dot-files such as npm start's build stamp", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.build-complete' })
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toContain('2026-11-26')
  })

  it('caches hashed assets for a year but revalidates the service worker, its registration and the manifest', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.body).toBe('console.log("app")')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(asset.headers['content-security-policy']).toBeUndefined()
    for (const url of ['/sw.js', '/registerSW.js', '/manifest.webmanifest']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('no-cache')
      // Plain http: no HSTS (it is only honoured, and only right, over https).
      expect(res.headers['strict-transport-security'], url).toBeUndefined()
    }
  })

  it('answers 404 for missing files instead of the app shell', async () => {
    for (const url of ['/assets/gone-123.js', '/icon-999.png', '/assets/nested']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.body, url).not.toContain('<html')
    }
  })

  it('keeps /api/ JSON: an unknown call is an envelope, not the shell', async () => {
    const res = await getJson(t.app, '/api/unknown')
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ code: 404 })
    expect(res.headers['content-security-policy']).toBeUndefined()
    expect((await getJson(t.app, '/api/common/get_lang')).body.code).toBe(1)
  })

  it('answers bad input with the envelope naming the field while the PWA is served too', async () => {
    const res = await t.app.inject({ url: '/api/common/get_announcement?page=0' })
    expect(res.statusCode).toBe(200)
    const body = res.json<{ code: number; msg: string; data: { field: string } }>()
    expect(body.code).toBe(422)
    expect(body.data.field).toBe('page')
    expect(body.msg).toMatch(/^page: /)
  })

  it('does not serve files outside dist/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/../package.json' })
    expect(res.body).not.toContain('"dependencies"')
  })
})

describe('no build yet', () => {
  it('still serves the API, and / says to run npm run build', async () => {
    const bare = await testApp({ db: database.db, distDir: mkdtempSync(join(tmpdir(), 'tc-empty-dist-')) })
    const home = await bare.app.inject({ method: 'GET', url: '/' })
    const api = await getJson(bare.app, '/api/common/config')
    await bare.app.close()
    expect(home.statusCode).toBe(503)
    expect(home.body).toContain('npm run build')
    expect(api.body.code).toBe(1)
  })
})
