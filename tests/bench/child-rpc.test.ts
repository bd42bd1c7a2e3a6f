/**
 * child-rpc.ts, which drives the cluster bench's load generators and engines in processes of their own: a call gets
 * its handler's answer or its error, a child that dies while a call waits fails that call (and every later one)
 * instead of hanging the bench, and `stop` leaves no process behind.
 */
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { processEnded } from '../helpers/cluster-command'
import { forkRpc, type ChildRpc } from './child-rpc'

const FIXTURE = fileURLToPath(new URL('./child-rpc-fixture.ts', import.meta.url))

describe('child-rpc', () => {
  const started: ChildRpc[] = []
  const start = () => {
    const child = forkRpc(FIXTURE)
    started.push(child)
    return child
  }
  afterEach(async () => {
    await Promise.all(started.splice(0).map((c) => c.stop()))
  })

  it("answers each call with its handler's value, in the child's own process", async () => {
    const child = start()
    const [a, b] = await Promise.all([child.call('echo', { n: 1 }), child.call('echo', [2, 'two'])])
    expect(a).toEqual({ echoed: { n: 1 }, pid: child.pid })
    expect(b).toEqual({ echoed: [2, 'two'], pid: child.pid })
    expect(child.pid).not.toBe(process.pid)
  })

  it("rejects with the handler's error, or naming an op the child does not serve", async () => {
    const child = start()
    await expect(child.call('fail', { why: 'no such account' })).rejects.toThrow('no such account')
    await expect(child.call('nope')).rejects.toThrow('no handler nope')
    // The child still serves after a failed call.
    await expect(child.call('echo', 1)).resolves.toMatchObject({ echoed: 1 })
  })

  it('fails a waiting call when the child dies, and every call after it', async () => {
    const child = start()
    await expect(child.call('exit')).rejects.toThrow(/exited \(3\) before answering/)
    await expect(child.call('echo', 1)).rejects.toThrow(/is not running/)
  })

  it('stops the child: its process is gone once stop resolves', async () => {
    const child = start()
    await child.call('echo', 1)
    await child.stop()
    expect(processEnded(child.pid)).toBe(true)
    await child.stop() // twice is fine
  })
})
