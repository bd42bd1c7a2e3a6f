/** TLS_CERT/TLS_KEY: the app is served over https and the market gets the same certificate for wss. */
import { mkdtempSync } from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'
import { get } from 'node:https'
import { connect as connectH2 } from 'node:http2'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../server/config'
import { launchServer } from '../../server/http/launch'
import { pgliteTemplateClient } from '../helpers/server-db'
import { selfSigned } from '../helpers/self-signed'
import { fakeStartMarket } from '../helpers/server-fake-market'

/** GET over HTTP/1.1 (node:https never negotiates h2). */
function httpsGet(url: string): Promise<{ headers: IncomingHttpHeaders; body: string; version: string }> {
  return new Promise((resolve, reject) => {
    get(url, { rejectUnauthorized: false }, (res) => {
      let body = ''
      res.on('data', (c: Buffer) => (body += c.toString()))
      res.on('end', () => resolve({ headers: res.headers, body, version: res.httpVersion }))
    }).on('error', reject)
  })
}

/** GETs `paths` as streams of one HTTP/2 session (ALPN h2), as a browser would. */
async function h2Get(origin: string, paths: string[]): Promise<{ status: number; body: string; alpn: string }[]> {
  const session = connectH2(origin, { rejectUnauthorized: false })
  try {
    return await Promise.all(
      paths.map(
        (path) =>
          new Promise<{ status: number; body: string; alpn: string }>((resolve, reject) => {
            const stream = session.request({ ':path': path })
            let status = 0
            let body = ''
            stream.on('response', (headers) => (status = Number(headers[':status'])))
            stream.on('data', (c: Buffer) => (body += c.toString()))
            stream.on('end', () => resolve({ status, body, alpn: String(session.alpnProtocol) }))
            stream.on('error', reject)
          }),
      ),
    )
  } finally {
    session.close()
  }
}

async function httpsJson(url: string): Promise<{ code: number; data: { market_port: number } }> {
  return JSON.parse((await httpsGet(url)).body) as { code: number; data: { market_port: number } }
}

const files = selfSigned('localhost')

describe('https', () => {
  it.skipIf(!files)('serves the API over https and hands the certificate to the market (wss)', async () => {
    const config = parseConfig({
      HOST: '127.0.0.1',
      PORT: '0',
      MARKET_PORT: '0',
      TLS_CERT: files!.certFile,
      TLS_KEY: files!.keyFile,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'tc-tls-data-')),
    })
    const fake = fakeStartMarket({ port: 8443 })
    const server = await launchServer(config, {
      startMarket: fake.startMarket,
      database: { pglite: await pgliteTemplateClient() },
      distDir: mkdtempSync(join(tmpdir(), 'tc-nodist-')),
      log: () => {},
    })
    try {
      expect(server.httpUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
      expect(server.marketUrl).toBe('wss://127.0.0.1:8443')
      const answer = await httpsJson(`${server.httpUrl}/api/common/config`)
      expect(answer).toMatchObject({ code: 1, data: { market_port: 8443 } })
      expect(fake.calls[0]?.tls?.cert).toContain('BEGIN CERTIFICATE')
      expect(fake.calls[0]?.tls?.key).toContain('PRIVATE KEY')
      // HSTS for a year on every answer over TLS, API and pages alike.
      for (const path of ['/api/common/config', '/']) {
        const hsts = String((await httpsGet(`${server.httpUrl}${path}`)).headers['strict-transport-security'])
        expect(Number(/^max-age=(\d+)/.exec(hsts)?.[1]), path).toBeGreaterThanOrEqual(31_536_000)
      }
      // HTTP/2 for clients that negotiate it (one session, several streams); HTTP/1.1 still answers on the same port.
      const h2 = await h2Get(server.httpUrl, [
        '/api/common/config',
        '/api/common/get_lang',
        '/api/currency/currency_list',
      ])
      expect(h2.map((r) => [r.alpn, r.status])).toEqual([
        ['h2', 200],
        ['h2', 200],
        ['h2', 200],
      ])
      expect(JSON.parse(h2[0]!.body)).toMatchObject({ code: 1, data: { market_port: 8443 } })
      expect((await httpsGet(`${server.httpUrl}/api/common/config`)).version).toBe('1.1')
    } finally {
      await server.close()
    }
  })
})
