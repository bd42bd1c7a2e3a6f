// Money calls in the request layer: extra headers (the Idempotency-Key), retries of a request that got no answer
// with the same headers and body, never of an answer; a GET with its own headers does not take an early call; keys.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { IDEMPOTENCY_KEY } from '../../common/api/assets'
import { createRequester, type RequestDeps } from '../../src/api'
import { createAssetsApi, MONEY_CALL_RETRIES } from '../../src/api/assets'
import { createCaller } from '../../src/api/public'
import { RETRY_DELAYS_MS } from '../../src/api/request'
import { newIdempotencyKey } from '../../src/lib/idempotency-key'
import { envelope, HANG, scriptedFetch, type FetchHandler } from '../helpers/ui-fetch'

function setup(handler: FetchHandler, extra: Partial<RequestDeps> = {}) {
  const { fetch, calls } = scriptedFetch(handler)
  const deps = {
    fetch,
    getToken: () => 'tok-1',
    getLanguage: () => 'en',
    onUnauthorized: vi.fn(),
    onLoginRequired: vi.fn(),
    onError: vi.fn(),
    ...extra,
  } satisfies RequestDeps
  const request = createRequester(deps)
  return { request, api: createAssetsApi(createCaller(request), request), deps, calls }
}

afterEach(() => vi.useRealTimers())

describe('headers and retries', () => {
  it('sends extra headers beside the standard ones', async () => {
    const { request, calls } = setup(() => envelope(1, { id: 1 }))
    await request('assets/transfer', { method: 'POST', params: { a: 1 }, headers: { 'idempotency-key': 'k-1' } })
    expect(calls[0]?.headers).toMatchObject({ 'idempotency-key': 'k-1', token: 'tok-1', 'Accept-Language': 'en' })
  })

  it('retries a network failure and a timeout with the same headers and body, then resolves', async () => {
    vi.useFakeTimers()
    let n = 0
    const { request, calls } = setup(() => {
      n++
      if (n === 1) throw new TypeError('Failed to fetch')
      if (n === 2) return HANG // times out after 10 s
      return envelope(1, { ok: true })
    })
    const done = request('assets/withdraw', {
      method: 'POST',
      params: { amount: '1' },
      headers: { 'idempotency-key': 'same' },
      retries: 2,
    })
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0] + 10_000 + RETRY_DELAYS_MS[1])
    await expect(done).resolves.toEqual({ ok: true })
    expect(calls.map((c) => c.headers['idempotency-key'])).toEqual(['same', 'same', 'same'])
    expect(new Set(calls.map((c) => c.body)).size).toBe(1)
  })

  it('never retries an answer (a refusal or a 5xx), nor beyond `retries`', async () => {
    const refusal = setup(() => envelope(400, null, 'Lack of funds'))
    await expect(refusal.request('assets/transfer', { method: 'POST', retries: 2 })).rejects.toMatchObject({
      kind: 'envelope',
    })
    expect(refusal.calls).toHaveLength(1)
    const down = setup(() => new Response('down', { status: 503 }))
    await expect(down.request('assets/transfer', { method: 'POST', retries: 2 })).rejects.toMatchObject({
      kind: 'http',
    })
    expect(down.calls).toHaveLength(1)
    vi.useFakeTimers()
    const offline = setup(() => {
      throw new TypeError('Failed to fetch')
    })
    const failed = offline.request('assets/transfer', { method: 'POST', retries: 1 }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0])
    await expect(failed).resolves.toMatchObject({ kind: 'network' })
    expect(offline.calls).toHaveLength(2)
    expect(offline.deps.onError).toHaveBeenCalledTimes(1) // one toast for the whole submission
  })

  it('a GET with its own headers goes to the network, not to an early call', async () => {
    const takeEarly = vi.fn(() => Promise.resolve(new Response(JSON.stringify(envelope(1, 'early')))))
    const { request, calls } = setup(() => envelope(1, 'network'), { takeEarly })
    await expect(request('common/config', { headers: { 'x-a': '1' } })).resolves.toBe('network')
    expect(takeEarly).not.toHaveBeenCalled()
    await expect(request('common/config')).resolves.toBe('early')
    expect(calls).toHaveLength(1)
  })
})

describe('money calls', () => {
  it('each call sends a fresh valid Idempotency-Key; retries keep it', async () => {
    vi.useFakeTimers()
    let n = 0
    const { api, calls } = setup((c) =>
      ++n === 1 ? HANG : envelope(1, c.url.endsWith('demo_enter') ? { book: 'demo' } : { id: n }),
    )
    const first = api.transfer({ currency: 'USDT', from: 'spot', to: 'contract', amount: '5' })
    await vi.advanceTimersByTimeAsync(10_000 + RETRY_DELAYS_MS[0])
    await first
    await api.transfer({ currency: 'USDT', from: 'spot', to: 'contract', amount: '5' })
    await api.demoEnter()
    const keys = calls.map((c) => c.headers['idempotency-key'])
    expect(keys[0]).toBe(keys[1])
    expect(new Set(keys).size).toBe(3)
    for (const k of keys) expect(k).toMatch(IDEMPOTENCY_KEY)
    expect(MONEY_CALL_RETRIES).toBeGreaterThanOrEqual(1)
  })

  it('reads calls without a key; lists send their page as a query', async () => {
    const { api, calls } = setup(() => envelope(1, { list: [], total: 0, page: 2, limit: 20 }))
    await api.ledger({ page: 2, limit: 20, wallet: 'spot', type: 'transfer' })
    expect(calls[0]?.url).toBe('/api/assets/ledger?page=2&limit=20&wallet=spot&type=transfer')
    expect(calls[0]?.headers['idempotency-key']).toBeUndefined()
  })

  it('builds a v4 UUID without crypto.randomUUID (plain-http LAN address)', () => {
    // Shadows the prototype's method on this object; deleting the own property brings it back.
    try {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true })
      const key = newIdempotencyKey()
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(newIdempotencyKey()).not.toBe(key)
    } finally {
      delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID
    }
  })
})
