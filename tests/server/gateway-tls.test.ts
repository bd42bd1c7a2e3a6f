// With TLS_CERT/TLS_KEY the gateway serves wss (the page is https, so the worker connects with wss).
import { describe, expect, it } from 'vitest'
import { startGateway } from '../../server/market/gateway/server'
import { FeedClient } from '../helpers/market-client'
import { testHub } from '../helpers/market-hub'
import { selfSigned } from '../helpers/self-signed'

const tls = selfSigned('127.0.0.1')

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
