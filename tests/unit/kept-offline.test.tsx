// @vitest-environment happy-dom
// Trading screens offline (issue 24 part 9): the first page of a record list and the futures account are kept on the
// device per user and book, and stand in, with the time they were fetched, when the server cannot be reached; a
// public answer (a market's terms) is kept the same way. Nothing is kept for another user or book.
import 'fake-indexeddb/auto'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import type { Page } from '../../src/features/funds'
import { usePagedList, type KeptFirstPage } from '../../src/features/funds'
import { keptAnswers, withKeptCopy, type KeptOwner, type KeptStore } from '../../src/features/kept'
import { useLeverAccount } from '../../src/features/lever/use-lever-account'
import { clearUser, setUser } from '../../src/state/user'
import { clearToken, setToken } from '../../src/state/token'
import { userInfo } from '../helpers/ui-user'

const offline = () => Promise.reject(new TypeError('Failed to fetch'))

/** An in-memory KeptStore (the IndexedDB one is exercised below). */
function memoryStore(): KeptStore & { saved: Map<string, unknown> } {
  const saved = new Map<string, unknown>()
  return {
    saved,
    save: (owner, key, value, savedAt) => (
      saved.set(`${owner.userId}:${owner.book}:${key}`, { value, savedAt }),
      Promise.resolve()
    ),
    load: async (owner, key, schema) => {
      const parsed = z
        .object({ value: schema, savedAt: z.number() })
        .safeParse(saved.get(`${owner.userId}:${owner.book}:${key}`))
      return parsed.success ? parsed.data : undefined
    },
  }
}

afterEach(() => {
  cleanup()
  clearToken()
  clearUser()
})

describe('a record list kept for offline use', () => {
  type Row = { id: number; note: string }
  const page: Page<Row> = { list: [{ id: 3, note: 'open limit buy' }], total: 1 }

  it('shows the kept first page with its time when the first page cannot be read, and says so', async () => {
    let kept: { page: Page<Row>; savedAt: number } | undefined
    const keep: KeptFirstPage<Row> = {
      save: (p) => void (kept = { page: p, savedAt: 1_700_000_000_000 }),
      load: async () => kept,
    }
    const online = renderHook(() => usePagedList<Row>(async () => page, 'open|btcusdt', keep))
    await waitFor(() => expect(online.result.current.state).toBe('ready'))
    expect(online.result.current.savedAt).toBeNull()
    online.unmount()

    const away = renderHook(() => usePagedList<Row>(offline, 'open|btcusdt', keep))
    await waitFor(() => expect(away.result.current.state).toBe('ready'))
    expect(away.result.current.items).toEqual(page.list)
    expect(away.result.current.savedAt).toBe(1_700_000_000_000)

    const none = renderHook(() => usePagedList<Row>(offline, 'open|btcusdt'))
    await waitFor(() => expect(none.result.current.state).toBe('failed'))
    expect(none.result.current.savedAt).toBeNull()
  })
})

describe('the futures account kept for offline use', () => {
  const account = {
    currency: 'USDT',
    wallet_balance: '500',
    available: '471.94',
    position_margin: '28.06',
    order_margin: '0',
    unrealized_pnl: '0',
    equity: '500',
    maintenance_margin: '1',
    max_transfer_out: '471.94',
  }
  const calls = (fail: boolean) => ({
    contractAccount: () => (fail ? offline() : Promise.resolve(account)),
    contractPositions: () => (fail ? offline() : Promise.resolve([])),
    contractOrders: () => (fail ? offline() : Promise.resolve({ list: [], total: 0, page: 1, limit: 50 })),
    contractCloseOrders: () => (fail ? offline() : Promise.resolve([])),
  })

  it("stands in for the user's own book only, with the time it was read", async () => {
    setToken('t')
    setUser(userInfo({ id: 7, book: 'live' }))
    const store = memoryStore()
    const api = calls(false) as never
    const online = renderHook(() => useLeverAccount(api, '7:live', store))
    await waitFor(() => expect(online.result.current.state).toBe('ready'))
    expect(online.result.current.savedAt).toBeNull()
    await waitFor(() => expect(store.saved.has('7:live:lever-account')).toBe(true))
    online.unmount()

    const away = renderHook(() => useLeverAccount(calls(true) as never, '7:live', store))
    await waitFor(() => expect(away.result.current.state).toBe('ready'))
    expect(away.result.current.account?.available).toBe('471.94')
    expect(away.result.current.savedAt).toBeGreaterThan(0)
    away.unmount()

    // The demo book (or another user) on this device sees none of it.
    act(() => setUser(userInfo({ id: 7, book: 'demo' })))
    const demo = renderHook(() => useLeverAccount(calls(true) as never, '7:demo', store))
    await waitFor(() => expect(demo.result.current.state).toBe('failed'))
    expect(demo.result.current.account).toBeUndefined()
  })
})

describe('IndexedDB stores', () => {
  const owner: KeptOwner = { userId: 9, book: 'live' }
  it('reads back only what passes the schema', async () => {
    await keptAnswers.save(owner, 'k', { n: 1 }, 5)
    expect(await keptAnswers.load(owner, 'k', z.object({ n: z.number() }))).toEqual({ value: { n: 1 }, savedAt: 5 })
    expect(await keptAnswers.load(owner, 'k', z.object({ n: z.string() }))).toBeUndefined()
    expect(await keptAnswers.load({ userId: 10, book: 'live' }, 'k', z.object({ n: z.number() }))).toBeUndefined()
  })

  it("answers a public call's kept copy when the call fails, and the call's error when none is kept", async () => {
    const schema = z.object({ symbol: z.string() })
    expect(await withKeptCopy('terms:spot:btcusdt', schema, async () => ({ symbol: 'btcusdt' }))).toEqual({
      symbol: 'btcusdt',
    })
    await waitFor(async () =>
      expect(await withKeptCopy('terms:spot:btcusdt', schema, offline)).toEqual({ symbol: 'btcusdt' }),
    )
    await expect(withKeptCopy('terms:spot:ethusdt', schema, offline)).rejects.toThrow('Failed to fetch')
  })
})
