// The first screen's calls started before the app bundle evaluates (src/early.ts): the URLs are the ones the app's
// own calls build, the request layer takes each answer once and only in the same language, falls back to the
// network when it failed, and the catalog chunk is preloaded from index.html's map.
import { Window } from 'happy-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPublicApi, createRequester, dropEarlyCalls, type RequestDeps } from '../../src/api'
import { earlyCallUrls, resetEarlyCalls, startEarlyCalls, takeEarlyCall } from '../../src/api/early-calls'
import { loadMarkets } from '../../src/features/markets/load-markets'
import { loadTickerNotices } from '../../src/features/home/load-notices'
import { CATALOG_URLS_ID, preloadCatalog } from '../../src/i18n/catalog-preload'
import { envelope, scriptedFetch, type FetchHandler } from '../helpers/ui-fetch'

function requester(handler: FetchHandler, takeEarly?: RequestDeps['takeEarly']) {
  const { fetch, calls } = scriptedFetch(handler)
  const deps: RequestDeps = {
    fetch,
    takeEarly,
    getToken: () => null,
    getLanguage: () => 'en',
    onUnauthorized: vi.fn(),
    onLoginRequired: vi.fn(),
    onError: vi.fn(),
  }
  return { request: createRequester(deps), calls }
}

const answer = (data: unknown) =>
  Promise.resolve(new Response(JSON.stringify(envelope(1, data)), { headers: { 'content-type': 'application/json' } }))

afterEach(() => resetEarlyCalls())

describe('early calls', () => {
  it("are the GETs Home's start-up makes, URL for URL (config, market list, ticker announcements)", async () => {
    const { request, calls } = requester(() => envelope(1, null))
    const api = createPublicApi(request)
    await api.getConfig({ silent: true }).catch(() => undefined)
    await loadMarkets(api).catch(() => undefined)
    await loadTickerNotices(api)
    expect(earlyCallUrls('/home')).toEqual(calls.map((c) => c.url))
    expect(earlyCallUrls('/')).toEqual(earlyCallUrls('/home'))
    expect(earlyCallUrls('/market/spot')).toEqual(['/api/common/config', '/api/currency/currency_list'])
    expect(earlyCallUrls('/login')).toEqual(['/api/common/config'])
  })

  it('are sent with the language the app starts in and no token, and each answer is handed out once', async () => {
    const { fetch, calls } = scriptedFetch(() => envelope(1, { site_name: 'early' }))
    startEarlyCalls('/home', fetch)
    expect(calls.map((c) => c.url)).toEqual(earlyCallUrls('/home'))
    for (const call of calls) {
      expect(call.headers['Accept-Language']).toBe('en')
      expect(call.headers.token).toBeUndefined()
    }
    expect(takeEarlyCall('/api/common/config', 'zh-CN'), 'another language').toBeUndefined()
    expect(takeEarlyCall('/api/common/config', 'en'), 'handed out already (and dropped on mismatch)').toBeUndefined()
    const announcements = takeEarlyCall('/api/common/get_announcement?page=1&limit=5', 'en')
    expect(await (await announcements!).json()).toEqual(envelope(1, { site_name: 'early' }))
    expect(takeEarlyCall('/api/common/get_announcement?page=1&limit=5', 'en')).toBeUndefined()
  })

  it('are not sent again when the early script runs after the app asked, nor after start-up', () => {
    const { fetch, calls } = scriptedFetch(() => envelope(1, null))
    expect(takeEarlyCall('/api/common/config', 'en'), 'the app asks first').toBeUndefined()
    startEarlyCalls('/home', fetch)
    expect(calls.map((c) => c.url)).toEqual(earlyCallUrls('/home').filter((u) => u !== '/api/common/config'))
    startEarlyCalls('/home', fetch)
    expect(calls, 'a second run sends nothing').toHaveLength(2)

    dropEarlyCalls()
    startEarlyCalls('/home', fetch)
    expect(calls, 'start-up is over').toHaveLength(2)
  })

  it('stand in for the network in the request layer, once, and not for other calls', async () => {
    const early = new Map([['/api/common/config', answer({ site_name: 'from early' })]])
    const takeEarly = vi.fn((url: string) => {
      const hit = early.get(url)
      early.delete(url)
      return hit
    })
    const { request, calls } = requester(() => envelope(1, { site_name: 'from network' }), takeEarly)
    await expect(request('common/config')).resolves.toEqual({ site_name: 'from early' })
    expect(calls).toHaveLength(0)
    await expect(request('common/config')).resolves.toEqual({ site_name: 'from network' })
    expect(calls).toHaveLength(1)
    expect(takeEarly).toHaveBeenCalledWith('/api/common/config', 'en')
    await request('feedback/submit', { method: 'POST', params: { a: 1 } })
    expect(takeEarly).toHaveBeenCalledTimes(2) // never asked for a POST
  })

  it('go to the network when the early answer failed', async () => {
    const takeEarly = () => Promise.reject(new TypeError('Failed to fetch'))
    const { request, calls } = requester(() => envelope(1, 'network'), takeEarly)
    await expect(request('common/config')).resolves.toBe('network')
    expect(calls).toHaveLength(1)
  })

  it('give up with the call on its timeout when the early answer hangs', async () => {
    const { fetch } = scriptedFetch(() => envelope(1, null))
    const request = createRequester({
      fetch,
      timeoutMs: 20,
      takeEarly: () => new Promise<Response>(() => undefined),
      getToken: () => null,
      getLanguage: () => 'en',
      onUnauthorized: vi.fn(),
      onLoginRequired: vi.fn(),
      onError: vi.fn(),
    })
    await expect(request('common/config', { silent: true })).rejects.toMatchObject({ kind: 'timeout' })
  })
})

describe('catalog preload', () => {
  const page = (map: string | null) => {
    const doc = new Window().document as unknown as Document
    if (map !== null) doc.head.innerHTML = `<script type="application/json" id="${CATALOG_URLS_ID}">${map}</script>`
    return doc
  }
  const links = (doc: Document) =>
    [...doc.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))

  it("preloads the chunk index.html names for the start locale, as Vite's own links do", () => {
    const doc = page('{"en":"/assets/messages-en.js","ja":"/assets/messages-ja.js"}')
    preloadCatalog('ja', doc)
    expect(links(doc)).toEqual(['/assets/messages-ja.js'])
    expect(doc.querySelector('link')?.getAttribute('crossorigin')).toBe('')
  })

  it('does nothing without a map (dev server), with a broken one, or for a URL off this origin', () => {
    for (const map of [
      null,
      '{not json',
      '{"en":"https://evil.example/x.js"}',
      '{"en":"//evil.example/x.js"}',
      '{"ja":"/assets/x.js"}',
    ]) {
      const doc = page(map)
      preloadCatalog('en', doc)
      expect(links(doc), String(map)).toEqual([])
    }
  })
})
