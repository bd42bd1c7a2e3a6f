/**
 * Uploads through the request layer and the identity calls: multipart body as FormData with the fixed `user`
 * field and the file, the session token, no JSON content type, the longer upload timeout; the answer parsed.
 */
import { describe, expect, it, vi } from 'vitest'
import { createCaller, createRequester } from '../../src/api'
import { createIdentityApi, UPLOAD_TIMEOUT_MS } from '../../src/api/identity'

function setup(answer: object) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    return new Response(JSON.stringify(answer), { status: 200 })
  })
  const request = createRequester({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getToken: () => 'tok-123',
    getLanguage: () => 'ja',
    onUnauthorized: () => {},
    onLoginRequired: () => {},
    onError: () => {},
  })
  return { api: createIdentityApi(createCaller(request), request), calls, request }
}

describe('uploadImage', () => {
  it('posts the image as multipart with the fixed user field and the token, and parses the answer', async () => {
    const { api, calls } = setup({ code: 1, msg: 'ok', data: { id: 7, fullurl: '/api/common/image?id=7' } })
    const image = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' })
    await expect(api.uploadImage(image)).resolves.toEqual({ id: 7, fullurl: '/api/common/image?id=7' })
    const { url, init } = calls[0]!
    expect(url).toBe('/api/common/upload')
    expect(init.method).toBe('POST')
    const headers = init.headers as Record<string, string>
    expect(headers.token).toBe('tok-123')
    expect(headers['Content-Type']).toBeUndefined()
    const form = init.body as FormData
    expect(form.get('user')).toBe('user')
    const file = form.get('file') as File
    expect(file.size).toBe(3)
    expect(file.name).toBe('image.jpg')
  })

  it('rejects with the server message of a refused upload', async () => {
    const { api } = setup({
      code: 400,
      msg: 'Only JPEG or PNG images can be uploaded',
      data: { field: 'file', issues: [] },
    })
    await expect(api.uploadImage(new Blob(['x']))).rejects.toMatchObject({
      kind: 'envelope',
      message: 'Only JPEG or PNG images can be uploaded',
      field: 'file',
    })
  })

  it('gives an upload longer than the usual 10 s before aborting', async () => {
    expect(UPLOAD_TIMEOUT_MS).toBeGreaterThan(10_000)
    vi.useFakeTimers()
    try {
      const fetch = vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_, reject) => {
            init.signal?.addEventListener('abort', () => reject(new Error('aborted')))
          }),
      )
      const request = createRequester({
        fetch: fetch as unknown as typeof globalThis.fetch,
        getToken: () => 't',
        getLanguage: () => 'en',
        onUnauthorized() {},
        onLoginRequired() {},
        onError() {},
      })
      const api = createIdentityApi(createCaller(request), request)
      const pending = api.uploadImage(new Blob(['x']))
      let settled = false
      pending.catch(() => (settled = true))
      await vi.advanceTimersByTimeAsync(10_001)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS)
      await expect(pending).rejects.toMatchObject({ kind: 'timeout' })
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('identity calls', () => {
  it('send the basic tier as JSON and parse the state answered', async () => {
    const tier = { status: 'review', reject_reason: null, submitted_at: '2025-01-01 00:00:00', reviewed_at: null }
    const info = {
      basic: { ...tier, name: 'Li', id_number: '33**34', city: 'C', email: 'e@x.io' },
      advanced: {
        ...tier,
        status: 'none',
        submitted_at: null,
        doc_type: null,
        front_url: null,
        back_url: null,
        selfie_url: null,
      },
    }
    const { api, calls } = setup({ code: 1, msg: 'ok', data: info })
    await expect(
      api.submitIdentityBasic({ name: 'Li', id_number: '3301', city: 'C', email: 'e@x.io' }),
    ).resolves.toEqual(info)
    expect(calls[0]!.url).toBe('/api/user/identity_basic')
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json')
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      name: 'Li',
      id_number: '3301',
      city: 'C',
      email: 'e@x.io',
    })
  })
})
