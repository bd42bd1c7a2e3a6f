/**
 * Issue 22 part 4: the limits that protect accounts hold across server processes. Two apps, each with its own
 * connection pool on one PostgreSQL database (as two `api` processes are), share every window and nonce: a code sent
 * by one is the minute's code for the other, a wallet sign-in message issued by one signs in once on either, and
 * failed logins from one client address count on both (rate_counters, siwe_nonces: server/auth/rate-limit.ts,
 * server/accounts/siwe.ts). What stays per process by design: the queue of one user's password checks and the
 * memory of a password just proved right (server/auth/secret-check.ts), whose guarantees do not depend on it.
 */
import { Wallet } from 'ethers'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RATE_RULES } from '../../server/auth/rate-limit'
import { openDatabase, type Database } from '../../server/db/client'
import { seedDatabase } from '../../server/db/seed'
import { createPgTestDatabase, type PgTestDatabase } from '../helpers/server-db'
import { testApp } from '../helpers/server-app'

const HOST = 'localhost:8080'
const created = await createPgTestDatabase()

type Envelope<T = unknown> = { code: number; msg: string; data: T }

async function post<T>(app: FastifyInstance, path: string, body: object, ip: string): Promise<Envelope<T>> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: { host: HOST, 'accept-language': 'en', 'content-type': 'application/json' },
    remoteAddress: ip,
    payload: JSON.stringify(body),
  })
  return res.json<Envelope<T>>()
}

describe.skipIf('unavailable' in created)('limits across two API processes on PostgreSQL', () => {
  const pg = created as PgTestDatabase
  let databases: Database[] = []
  let apps: FastifyInstance[] = []

  beforeAll(async () => {
    databases = [await openDatabase({ databaseUrl: pg.url }), await openDatabase({ databaseUrl: pg.url })]
    await seedDatabase(databases[0]!.db)
    apps = await Promise.all(
      databases.map(async (d) => (await testApp({ db: d.db, publicOrigins: [`http://${HOST}`] })).app),
    )
  }, 60_000)

  afterAll(async () => {
    for (const app of apps) await app.close()
    for (const d of databases) await d.close()
    await pg.drop()
  })

  it("a code sent by one process is the address's code of the minute for the other", async () => {
    const body = { type: 'email', email: `twice-${Date.now()}@example.com`, purpose: 'register' }
    expect(await post(apps[0]!, 'user/send_code', body, '10.22.0.1')).toMatchObject({ code: 1 })
    const second = await post(apps[1]!, 'user/send_code', body, '10.22.0.2')
    expect(second.code).not.toBe(1)
    expect(second.msg).toMatch(/code/i)
  })

  it('a wallet sign-in message issued by one process signs in once, on either', async () => {
    const wallet = Wallet.createRandom()
    const issued = await post<{ message: string }>(
      apps[0]!,
      'user/siwe_nonce',
      { address: wallet.address.toLowerCase(), chain_id: 1 },
      '10.22.1.1',
    )
    expect(issued).toMatchObject({ code: 1 })
    const signed = { message: issued.data.message, signature: await wallet.signMessage(issued.data.message) }
    expect(await post(apps[1]!, 'user/siwe_login', signed, '10.22.1.1')).toMatchObject({ code: 1 })
    const replayed = await post(apps[0]!, 'user/siwe_login', signed, '10.22.1.1')
    expect(replayed.code).not.toBe(1)
  })

  it('failed logins from one address count on both processes: the window closes for both at its limit', async () => {
    const ip = '10.22.2.1'
    const { limit } = RATE_RULES.loginIp
    // Each attempt names another unknown account, so only the per-address window counts them.
    const attempt = (i: number) =>
      post(
        apps[i % 2]!,
        'user/login',
        { type: 'email', email: `nobody-${i}@example.com`, password: 'Wrong-pass-1' },
        ip,
      )
    for (let i = 0; i < limit; i++) {
      const answer = await attempt(i)
      expect(answer.code, `attempt ${i + 1} is judged`).not.toBe(1)
      expect(answer.msg).not.toMatch(/too many/i)
    }
    for (const i of [limit, limit + 1])
      expect((await attempt(i)).msg, `attempt ${i + 1} on process ${i % 2}`).toMatch(/too many/i)
  }, 120_000)
})
