/**
 * Header policy from configuration: the CSP names exactly the market websocket origin(s) of PUBLIC_ORIGIN and
 * MARKET_PUBLIC_PORT (no bare `ws:`/`wss:`, which would let an injected script talk to any host), and a request whose
 * headers are too large gets the 431 answer in the `{code,msg,data}` envelope like every other refusal.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { testApp, type TestApp } from '../helpers/server-app'
import { pgliteTestDb } from '../helpers/server-db'

function dist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tc-dist-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>')
  return dir
}

/** Sends `request` on a raw socket and resolves with everything the server wrote before closing. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request))
    let got = ''
    socket.on('data', (c: Buffer) => (got += c.toString('utf8')))
    socket.on('close', () => resolve(got))
    socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? resolve(got) : reject(err)))
  })
}

let database: Database
let t: TestApp
beforeAll(async () => {
  database = await pgliteTestDb()
  t = await testApp({
    db: database.db,
    distDir: dist(),
    publicOrigins: ['https://trade.example.com', 'http://192.168.1.5:8080'],
    marketPublicPort: 8443,
  })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await t.app.close()
  await database.close()
})

describe('header policy', () => {
  it('CSP connect-src names the market origin of each public origin, nothing wider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' })
    const csp = String(res.headers['content-security-policy'])
    const connectSrc = csp.split('; ').find((d) => d.startsWith('connect-src '))!
    expect(connectSrc.split(' ').slice(1)).toEqual(["'self'", 'wss://trade.example.com:8443', 'ws://192.168.1.5:8443'])
  })

  it('answers headers too large with HTTP 431 and the envelope', async () => {
    const big = 'x'.repeat(20_000)
    const answer = await rawExchange(
      (t.app.server.address() as AddressInfo).port,
      `GET /api/common/config HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${big}\r\n\r\n`,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/)
    expect(answer).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/i)
    const body: unknown = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))
    expect(body).toEqual({
      code: 422,
      msg: 'Request headers are too large',
      data: { field: '(request)', issues: [{ field: '(request)', message: 'Request Header Fields Too Large' }] },
    })
  })
})
