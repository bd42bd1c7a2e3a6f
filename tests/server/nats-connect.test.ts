/**
 * The NATS connection every role opens (server/bus/nats.ts): a start without a server fails naming NATS_URL (and
 * not its password); once up, the client redials a lost server forever, with jittered backoff, and its
 * subscriptions work again after; closing drains what was published.
 */
import { createServer } from 'node:net'
import { expect, it } from 'vitest'
import { closeNats, connectNats, ReconnectBackoff } from '../../server/bus/nats'
import { describeNats, NATS_TEST_URL, testPrefix } from '../helpers/nats'
import { TcpProxy } from '../helpers/tcp-proxy'

it('a start without NATS_URL, or with no server there, fails naming NATS_URL but not its password', async () => {
  const saved = process.env.NATS_URL
  delete process.env.NATS_URL
  try {
    await expect(connectNats({ role: 'api' })).rejects.toThrow('NATS_URL is not set')
  } finally {
    if (saved !== undefined) process.env.NATS_URL = saved
  }
  const port = await freePort()
  const url = `nats://ops:s3cret@127.0.0.1:${port}`
  const err = await connectNats({ url, role: 'api', timeoutMs: 1000 }).catch((e: Error) => e)
  expect(err).toBeInstanceOf(Error)
  expect((err as Error).message).toContain(`cannot connect to NATS at NATS_URL=nats://***@127.0.0.1:${port}`)
  expect((err as Error).message).not.toContain('s3cret')
})

it('reconnect delays double from the minimum up to the maximum, each drawn in [bound/2, bound], and reset', () => {
  const draws = [0, 1, 0.5]
  let i = 0
  const b = new ReconnectBackoff({ minMs: 100, maxMs: 1000 }, () => draws[i++ % draws.length]!)
  const seen = [b.delay()]
  for (let n = 0; n < 6; n++) {
    b.attempt()
    seen.push(b.delay())
  }
  // Bounds 100, 200, 400, 800, 1000, 1000, 1000 with draws 0, 1, 0.5, 0, 1, 0.5, 0.
  expect(seen).toEqual([50, 200, 300, 400, 1000, 750, 500])
  expect(b.delay()).toBe(500) // asked again before the next attempt: the same delay
  b.reset()
  expect(b.delay()).toBe(100)
})

await describeNats('the NATS connection', (open) => {
  it('redials a lost server past the default 10 attempts and its subscriptions work again', async () => {
    const proxy = await TcpProxy.start(NATS_TEST_URL)
    const statuses: string[] = []
    const nc = await connectNats({
      url: `nats://127.0.0.1:${proxy.port}`,
      role: 'gateway',
      backoff: { minMs: 5, maxMs: 20 },
    })
    try {
      void (async () => {
        for await (const s of nc.status()) statuses.push(s.type)
      })()
      const subject = `${testPrefix()}.probe`
      const heard: string[] = []
      nc.subscribe(subject, {
        callback: (_err, msg) => {
          heard.push(msg.string())
        },
      })
      await nc.flush()
      await proxy.stop()
      await expect
        .poll(() => statuses.filter((s) => s === 'reconnecting').length, { timeout: 10_000 })
        .toBeGreaterThan(12)
      expect(nc.isClosed()).toBe(false)
      await proxy.listen()
      await expect.poll(() => statuses.includes('reconnect'), { timeout: 10_000 }).toBe(true)
      const other = await open('api')
      other.publish(subject, 'after the outage')
      await expect.poll(() => heard).toEqual(['after the outage'])
    } finally {
      await closeNats(nc, 1000)
      await proxy.stop()
    }
  })

  it('closing drains: every message published just before close arrives', async () => {
    const subject = `${testPrefix()}.drain`
    const receiver = await open('gateway')
    let heard = 0
    receiver.subscribe(subject, {
      callback: () => {
        heard++
      },
    })
    await receiver.flush()
    const sender = await open('ingest')
    for (let i = 0; i < 1000; i++) sender.publish(subject, String(i))
    await closeNats(sender)
    expect(sender.isClosed()).toBe(true)
    await expect.poll(() => heard).toBe(1000)
  })
})

/** A port nothing listens on (bound, then released). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}
