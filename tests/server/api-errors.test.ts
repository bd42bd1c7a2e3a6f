/** Envelope errors a caller can meet: unknown calls, server faults (no details leak), and the OpenAPI document. */
import { describe, expect, it } from 'vitest'
import { ALL_ROUTES, buildApp } from '../../server/api/app'
import { getJson, pgliteApp, testApp } from '../helpers/server-app'
import { fakeMarket } from '../helpers/server-fake-market'

const fx = pgliteApp()

describe('envelope errors', () => {
  it('an unknown /api call is a 404 envelope in the request language, for any method', async () => {
    const get = await getJson(fx.t.app, '/api/nope/nothing')
    expect(get.status).toBe(404)
    expect(get.body).toEqual({ code: 404, msg: 'Not found', data: null })
    expect(get.headers['content-type']).toMatch(/application\/json/)
    expect(get.headers['cache-control']).toBe('no-store')
    expect((await getJson(fx.t.app, '/api/nope', 'ja')).body.msg).toBe('見つかりません')
    const post = await fx.t.app.inject({ method: 'POST', url: '/api/common/config', payload: {} })
    expect(post.statusCode).toBe(404)
    expect(post.json()).toMatchObject({ code: 404 })
  })

  it('a failing handler answers a 500 envelope with a generic message, logged on the server, no stack', async () => {
    const broken = fakeMarket()
    broken.listings = () => {
      throw new Error('secret internal detail at /srv/app/x.ts:12')
    }
    const b = await testApp({ db: fx.database.db, market: broken })
    const res = await getJson(b.app, '/api/currency/currency_list', 'pt-BR')
    await b.app.close()
    expect(res.status).toBe(500)
    expect(res.body).toEqual({ code: 500, msg: 'Erro no servidor, tente novamente mais tarde', data: null })
    expect(res.raw).not.toMatch(/secret|\.ts|at /)
    expect(b.logs.join('\n')).toMatch(/secret internal detail/)
  })

  it('a malformed JSON body is a 422 input error naming the request, not a 500', async () => {
    const app = await buildApp(
      { db: fx.database.db, market: fakeMarket(), marketPublicPort: 1, dataDir: '/nonexistent' },
      { logger: false },
    )
    app.post('/api/test/echo', async (request) => request.body)
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', 'accept-language': 'vi' },
      payload: '{bad json',
    })
    await app.close()
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 422, msg: 'Dữ liệu nhập không hợp lệ', data: { field: '(request)' } })
  })

  it('serves an OpenAPI 3.1 document built from the schemas of every call', async () => {
    const { status, body } = await getJson<{
      openapi: string
      paths: Record<string, { get: { parameters: { name: string }[] } } & Record<string, Record<string, unknown>>>
    }>(fx.t.app, '/api/docs')
    expect(status).toBe(200)
    expect(body.openapi).toBe('3.1.0')
    expect(Object.keys(body.paths).sort()).toEqual([...new Set(ALL_ROUTES.map((r) => `/api/${r.path}`))].sort())
    for (const r of ALL_ROUTES) expect(body.paths[`/api/${r.path}`]![(r.method ?? 'GET').toLowerCase()]).toBeDefined()
    const register = JSON.stringify(body.paths['/api/user/register']!.post)
    expect(register).toContain('"re_password"')
    expect(body.paths['/api/user/info']!.get).toMatchObject({ security: [{ token: [] }] })
    expect(JSON.stringify(body.paths['/api/common/upload']!.post)).toContain('multipart/form-data')
    expect(body.paths['/api/common/get_announcement']!.get.parameters.map((p) => p.name)).toEqual(['page', 'limit'])
    expect(JSON.stringify(body.paths['/api/currency/currency_list'])).toContain('"futures"')
    // Money-moving calls say they need an Idempotency-Key (issue 10); reads do not.
    for (const path of ['assets/withdraw', 'assets/transfer', 'assets/deposit_claim', 'assets/demo_enter']) {
      expect(body.paths[`/api/${path}`]!.post!.parameters, path).toMatchObject([
        { name: 'Idempotency-Key', in: 'header', required: true },
      ])
    }
    expect(JSON.stringify(body.paths['/api/assets/overview'])).not.toContain('Idempotency-Key')
  })
})
