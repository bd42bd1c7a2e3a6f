/**
 * Per-user lanes (server/api/user-lanes.ts): one user's burst runs at most USER_IN_FLIGHT at a time, in order, while
 * another user's call starts at once; a full queue refuses at once instead of growing.
 */
import { describe, expect, it } from 'vitest'
import { UserLanes } from '../../server/api/user-lanes'
import { DomainError } from '../../server/domain/errors'

/** A call that runs until `release()` is called, counting how many of its kind run at once. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, release: () => open() }
}

describe('user lanes', () => {
  it("runs a user's burst a few at a time, in order, and another user's call at once", async () => {
    const lanes = new UserLanes(3, 100)
    const g = gate()
    let running = 0
    let most = 0
    const order: number[] = []
    const burst = Array.from({ length: 50 }, (_, i) =>
      lanes.run(1, async () => {
        running++
        most = Math.max(most, running)
        order.push(i)
        await g.opened
        running--
      }),
    )
    // While the burst holds its three slots, user 2 is not queued behind it.
    await expect(lanes.run(2, () => Promise.resolve('served'))).resolves.toBe('served')
    expect(order).toEqual([0, 1, 2])
    g.release()
    await Promise.all(burst)
    expect(most).toBe(3)
    expect(order).toEqual(Array.from({ length: 50 }, (_, i) => i))
    expect(lanes.size).toBe(0)
  })

  it('refuses a call past the queue budget at once, and serves the queued ones', async () => {
    const lanes = new UserLanes(1, 2)
    const g = gate()
    const first = lanes.run(7, () => g.opened)
    const queued = [lanes.run(7, () => Promise.resolve(1)), lanes.run(7, () => Promise.resolve(2))]
    const refused = await lanes.run(7, () => Promise.resolve(3)).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(DomainError)
    expect((refused as DomainError).kind).toBe('rate_limited')
    g.release()
    await first
    await expect(Promise.all(queued)).resolves.toEqual([1, 2])
  })

  it('frees the slot of a call that throws', async () => {
    const lanes = new UserLanes(1, 10)
    await expect(lanes.run(3, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(lanes.run(3, () => Promise.resolve('next'))).resolves.toBe('next')
    expect(lanes.size).toBe(0)
  })
})
