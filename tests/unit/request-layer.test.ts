// The request layer (spec §7–8): URL and headers, envelope handling, 401/4001 handled once, timeout.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, createRequester, type RequestDeps } from '../../src/api'
import { envelope, HANG, scriptedFetch, type FetchHandler } from '../helpers/ui-fetch'

function setup(handler: FetchHandler, token: string | null = 'tok-1') {
  const { fetch, calls } = scriptedFetch(handler)
  const deps = {
    fetch,
    getToken: vi.fn(() => token),
    getLanguage: vi.fn(() => 'zh-CN'),
    onUnauthorized: vi.fn(),
    onLoginRequired: vi.fn(),
    onError: vi.fn(),
  } satisfies RequestDeps
  return { request: createRequester(deps), deps, calls }
}

afterEach(() => vi.useRealTimers())

describe('request layer', () => {
  it('GETs /api/<path> with the query string, token and Accept-Language headers, and resolves with data', async () => {
    const { request, calls } = setup(() => envelope(1, { list: [1, 2] }))
    await expect(
      request('common/get_announcement', { params: { page: 2, limit: 5, skip: undefined } }),
    ).resolves.toEqual({ list: [1, 2] })
    expect(calls).toHaveLength(1)
    expect(calls[0]?.url).toBe('/api/common/get_announcement?page=2&limit=5')
    expect(calls[0]?.method).toBe('GET')
    expect(calls[0]?.headers.token).toBe('tok-1')
    expect(calls[0]?.headers['Accept-Language']).toBe('zh-CN')
    expect(calls[0]?.body).toBeUndefined()
  })

  it('sends other verbs a JSON body and no token header when logged out', async () => {
    const { request, calls } = setup(() => envelope(1, true), null)
    await request('feedback/submit', { method: 'POST', params: { title: 'Hi', type: 2 } })
    expect(calls[0]?.url).toBe('/api/feedback/submit')
    expect(calls[0]?.headers['Content-Type']).toBe('application/json')
    expect(calls[0]?.headers.token).toBeUndefined()
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ title: 'Hi', type: 2 })
  })

  it('rejects a business error with its msg and shows it, unless silent', async () => {
    const { request, deps } = setup(() => envelope(422, { field: 'page' }, 'page: must be ≥ 1'))
    const err = await request('common/get_announcement').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ kind: 'envelope', code: 422, message: 'page: must be ≥ 1', field: 'page' })
    expect(deps.onError).toHaveBeenCalledTimes(1)
    expect(deps.onError.mock.calls[0]?.[0]).toBe(err)
    await request('common/get_announcement', { silent: true }).catch(() => undefined)
    expect(deps.onError).toHaveBeenCalledTimes(1)
  })

  it('reads an envelope carried by an HTTP error status', async () => {
    const { request } = setup(() => new Response(JSON.stringify(envelope(404, null, 'not found')), { status: 404 }))
    await expect(request('common/get_announcement_info')).rejects.toMatchObject({
      kind: 'envelope',
      code: 404,
      message: 'not found',
    })
  })

  it.each([401, 4001])(
    'on envelope code %i logs out once for concurrent calls, without an error toast',
    async (code) => {
      const { request, deps } = setup(() => envelope(code, null, 'expired'))
      const results = await Promise.allSettled([request('a'), request('b'), request('c')])
      expect(results.every((r) => r.status === 'rejected')).toBe(true)
      expect(deps.onUnauthorized).toHaveBeenCalledTimes(1)
      expect(deps.onError).not.toHaveBeenCalled()
    },
  )

  it('treats HTTP 401 without an envelope as unauthorized too', async () => {
    const { request, deps } = setup(() => new Response('no', { status: 401 }))
    await expect(request('x')).rejects.toMatchObject({ kind: 'auth' })
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1)
  })

  it('handles the rejection of a new session again', async () => {
    let token = 'old'
    const { fetch } = scriptedFetch(() => envelope(401))
    const onUnauthorized = vi.fn()
    const request = createRequester({
      fetch,
      getToken: () => token,
      getLanguage: () => 'en',
      onUnauthorized,
      onLoginRequired: vi.fn(),
      onError: vi.fn(),
    })
    await request('x').catch(() => undefined)
    await request('x').catch(() => undefined)
    token = 'new'
    await request('x').catch(() => undefined)
    expect(onUnauthorized).toHaveBeenCalledTimes(2)
  })

  it('asks to log in instead of calling when an auth-only call has no token', async () => {
    const { request, deps, calls } = setup(() => envelope(1), null)
    await expect(request('assets/balance', { auth: true })).rejects.toMatchObject({ kind: 'auth' })
    expect(calls).toHaveLength(0)
    expect(deps.onLoginRequired).toHaveBeenCalledTimes(1)
  })

  it('aborts after 10 s and rejects with a timeout error', async () => {
    vi.useFakeTimers()
    const { request, deps } = setup(() => HANG)
    const pending = request('common/config').catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(9_999)
    let settled = false
    void pending.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await expect(pending).resolves.toMatchObject({ kind: 'timeout' })
    expect(deps.onError).toHaveBeenCalledTimes(1)
  })

  it('rejects a network failure as kind network', async () => {
    const { request } = setup(() => {
      throw new TypeError('Failed to fetch')
    })
    await expect(request('common/config')).rejects.toMatchObject({ kind: 'network' })
  })
})
