/**
 * dbMemo (server/cache/db-memo.ts), what the hot paths rely on: one read per key and database handle within the TTL,
 * a fresh read after it, `forget()` dropping every copy at once (a read that started before it does not come back
 * as current), and handles kept apart.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dbMemo } from '../../server/cache/db-memo'
import type { Db } from '../../server/db/client'

describe('dbMemo', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(0)
  })
  afterEach(() => vi.useRealTimers())

  const db = () => ({}) as unknown as Db

  it('reads a key once within its TTL, again after it, and apart per database handle', async () => {
    let value = 1
    const reads: string[] = []
    const memo = dbMemo(1_000, (_db, key) => (reads.push(key), Promise.resolve(value)))
    const [a, b] = [db(), db()]
    expect(await memo.get(a, 'btcusdt')).toBe(1)
    value = 2
    expect(await memo.get(a, 'btcusdt')).toBe(1)
    expect(await memo.get(b, 'btcusdt'), 'another handle reads its own').toBe(2)
    vi.setSystemTime(1_000)
    expect(await memo.get(a, 'btcusdt'), 'expired').toBe(2)
    expect(reads).toEqual(['btcusdt', 'btcusdt', 'btcusdt'])
  })

  it('forgets every copy at once, also one being read while it forgets', async () => {
    let value = 1
    let release: (() => void) | undefined
    const memo = dbMemo(60_000, async () => {
      const v = value
      if (release === undefined) await new Promise<void>((r) => (release = r))
      return v
    })
    const a = db()
    const reading = memo.get(a, 'x')
    value = 2
    memo.forget()
    release!()
    expect(await reading).toBe(1)
    expect(await memo.get(a, 'x'), 'the read from before forget() is not kept').toBe(2)
  })
})
