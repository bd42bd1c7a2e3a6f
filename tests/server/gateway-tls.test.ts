// With TLS_CERT/TLS_KEY the gateway serves wss (the page is https, so the worker connects with wss).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startGateway } from '../../server/market/gateway/server'
import { FeedClient } from '../helpers/market-client'
import { testHub } from '../helpers/market-hub'

function selfSigned(): { cert: string; key: string } | undefined {
  try {
    const dir = mkdtempSync(join(tmpdir(), 'gw-tls-'))
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')]
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
      ],
      { stdio: 'ignore' },
    )
    return { cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') }
  } catch {
    return undefined
  }
}

const tls = selfSigned()
if (!tls) console.warn('gateway-tls: SKIPPED, openssl is not available to make a test certificate')

describe.skipIf(!tls)('gateway over TLS', () => {
  it('speaks the same protocol over wss', async () => {
    const gw = await startGateway({ host: '127.0.0.1', port: 0, feed: testHub(), tls })
    try {
      const c = await FeedClient.connect(`wss://127.0.0.1:${gw.port}`, { ws: { rejectUnauthorized: false } })
      expect(await c.call({ sub: 'market.btcusdt.ticker' })).toMatchObject({
        status: 'ok',
        subbed: 'market.btcusdt.ticker',
      })
      c.close()
    } finally {
      await gw.close()
    }
  })
})
