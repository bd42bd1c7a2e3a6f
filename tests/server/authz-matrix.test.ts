/**
 * The authorization matrix (reliability A4, OWASP API1/API3), over every route the app registers, on PGlite and on
 * PostgreSQL:
 * - every `user` route refuses a caller without a session, or with a made-up or revoked token (HTTP 401, code 401);
 * - every `operator` route refuses an ordinary user (403) and an anonymous caller (401);
 * - every non-public route that takes an object id is listed in OBJECT_CASES (a new one fails this test until it is)
 *   and, called by user B with user A's ids, is refused and answers nothing of A's;
 * - extra fields in a body (`role`, `status`, `user_id`, …) change nothing (mass assignment).
 */
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_ROUTES } from '../../server/api/app'
import type { Database } from '../../server/db/client'
import {
  contractOrders,
  contractCloseOrders,
  contractPositions,
  feedback,
  financialOrders,
  identitySubmissions,
  priceAlerts,
  sessions,
  users,
} from '../../server/db/schema'
import { hashToken } from '../../server/auth/sessions'
import type { FakeMarket } from '../helpers/server-fake-market'
import { whilePricing } from './micro-suite'
import { testApp, type TestApp } from '../helpers/server-app'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import {
  moneyCall,
  openUsdtTrc20,
  PAY_PASSWORD,
  TRON_ADDRESS,
  TRON_ADDRESS_2,
  withPayPassword,
} from '../helpers/money-calls'
import { call, fetchImage, jpeg, makeUser, upload, type TestUser } from './identity-fixtures'

/** Inputs naming a stored object of some user. */
const OBJECT_FIELD = /(^id$|_id$)/
/** What the data of user A looks like in any answer: none of it may reach B. */
const A_MARKERS = { name: 'Alicia Secretname', idNumber: 'ZX99887766', feedbackTitle: 'Alicia private ticket' }

const MASS_ASSIGNMENT = {
  role: 'operator',
  status: 'verified',
  user_id: 1,
  userId: 1,
  inviter_id: 1,
  kycStatus: 'verified',
  balance: '1000000',
}

interface World {
  t: TestApp
  database: Database
  a: TestUser
  b: TestUser
  op: TestUser
  aUploads: number[]
  aUrls: string[]
  bUrl: string
  aFeedback: number
  aSubmission: number
  /** A's saved coin address and one of A's account change records (issue 10). */
  aAddress: number
  aRecord: number
  /** A's spot order and second contract (issue 11), placed in A's demo book. */
  aOrder: number
  aMicro: number
  /** A's financial subscription (issue 12), in A's demo book. */
  aSubscription: number
  /** A's pending futures order and open position (issue 12), in A's demo book. */
  aEntrust: number
  aPosition: number
  aCloseOrder: number
}

function inputFields(route: (typeof ALL_ROUTES)[number]): string[] {
  if (!route.input) return []
  const json = z.toJSONSchema(route.input, { io: 'input' }) as { properties?: Record<string, unknown> }
  return Object.keys(json.properties ?? {})
}

const key = (r: (typeof ALL_ROUTES)[number]) => `${r.method ?? 'GET'} ${r.path}`

/** Each non-public route with an object id: B calls it with A's ids; the answer must refuse and leak nothing. */
const OBJECT_CASES: Record<string, (w: World) => Promise<{ refused: boolean; body: unknown }>> = {
  'GET feedback/detail': async (w) => {
    const res = await call(w.t.app, w.b.token, 'GET', 'feedback/detail', { id: String(w.aFeedback) })
    return { refused: res.body.code !== 1, body: res.body }
  },
  'POST user/identity_advanced': async (w) => {
    const [front, back, selfie] = w.aUploads
    const res = await call(w.t.app, w.b.token, 'POST', 'user/identity_advanced', {
      doc_type: 'id_card',
      front_upload_id: front,
      back_upload_id: back,
      selfie_upload_id: selfie,
    })
    const stored = await w.database.db.select().from(identitySubmissions).where(eq(identitySubmissions.userId, w.b.id))
    return { refused: res.body.code !== 1 && stored.every((s) => s.level !== 'advanced'), body: res.body }
  },
  'GET common/image': async (w) => {
    // B swaps A's upload id into the URL B was given for B's own photo, then replays A's URL with B's session id.
    const own = new URL(w.bUrl, 'http://x')
    own.searchParams.set('id', String(w.aUploads[0]))
    const swapped = await fetchImage(w.t.app, own.pathname + own.search)
    const theirs = new URL(w.aUrls[0]!, 'http://x')
    theirs.searchParams.set('sid', new URL(w.bUrl, 'http://x').searchParams.get('sid') ?? '')
    const replayed = await fetchImage(w.t.app, theirs.pathname + theirs.search)
    const refused = [swapped, replayed].every((r) => r.status === 403 || r.status === 404)
    return {
      refused,
      body: [swapped.raw.toString('latin1').slice(0, 200), replayed.raw.toString('latin1').slice(0, 200)],
    }
  },
  'POST assets/address_delete': async (w) => {
    const res = await call(w.t.app, w.b.token, 'POST', 'assets/address_delete', { id: w.aAddress })
    const still = await call<{ list: { id: number }[] }>(w.t.app, w.a.token, 'GET', 'assets/address_list')
    return { refused: res.body.code !== 1 && still.body.data.list.some((a) => a.id === w.aAddress), body: res.body }
  },
  'POST assets/withdraw': async (w) => {
    await openUsdtTrc20(w.database.db)
    await withPayPassword(w.database.db, w.b.id)
    // B has an address of its own for the pair, so the refusal is about A's id, not "set your address first".
    await call(w.t.app, w.b.token, 'POST', 'assets/address_save', {
      currency: 'USDT',
      chain: 'TRC20',
      address: TRON_ADDRESS,
    })
    const res = await moneyCall(w.t.app, w.b.token, 'POST', 'assets/withdraw', {
      currency: 'USDT',
      chain: 'TRC20',
      address_id: w.aAddress,
      amount: '10',
      pay_password: PAY_PASSWORD,
    })
    return { refused: res.body.code !== 1 && res.body.msg === 'Address not found', body: res.body }
  },
  'POST trade/order_cancel': async (w) => {
    const res = await call(w.t.app, w.b.token, 'POST', 'trade/order_cancel', { id: w.aOrder })
    return { refused: res.body.code !== 1 && res.body.msg === 'Order not found', body: res.body }
  },
  'POST financial/redeem': async (w) => {
    const res = await moneyCall(w.t.app, w.b.token, 'POST', 'financial/redeem', { id: w.aSubscription })
    const [still] = await w.database.db.select().from(financialOrders).where(eq(financialOrders.id, w.aSubscription))
    return { refused: res.body.code !== 1 && still?.status === 'in_progress', body: res.body }
  },
  'POST financial/buy': async (w) => {
    // Product ids are public: B subscribing to A's product can only spend B's money (B has none), never A's.
    const [mine] = await w.database.db.select().from(financialOrders).where(eq(financialOrders.id, w.aSubscription))
    const res = await moneyCall(w.t.app, w.b.token, 'POST', 'financial/buy', {
      product_id: mine!.productId,
      amount: '10',
    })
    const [still] = await w.database.db.select().from(financialOrders).where(eq(financialOrders.id, w.aSubscription))
    return {
      refused: res.body.code !== 1 && res.body.msg === 'Lack of funds' && still?.amount === mine!.amount,
      body: res.body,
    }
  },
  'POST contract/order_cancel': async (w) => {
    const res = await moneyCall(w.t.app, w.b.token, 'POST', 'contract/order_cancel', { id: w.aEntrust })
    const [still] = await w.database.db.select().from(contractOrders).where(eq(contractOrders.id, w.aEntrust))
    return { refused: res.body.code !== 1 && still?.status === 'pending', body: res.body }
  },
  'POST contract/position_close': async (w) => {
    const res = await moneyCall(w.t.app, w.b.token, 'POST', 'contract/position_close', { id: w.aPosition })
    const [still] = await w.database.db.select().from(contractPositions).where(eq(contractPositions.id, w.aPosition))
    return { refused: res.body.code !== 1 && still?.status === 'open', body: res.body }
  },
  'POST contract/close_order': async (w) => {
    const res = await moneyCall(w.t.app, w.b.token, 'POST', 'contract/close_order', {
      id: w.aPosition,
      type: 'market',
      amount: '0.001',
    })
    const [still] = await w.database.db.select().from(contractPositions).where(eq(contractPositions.id, w.aPosition))
    return {
      refused: res.body.code !== 1 && still?.status === 'open' && still.amount === '0.010000000000000000',
      body: res.body,
    }
  },
  'POST contract/close_order_cancel': async (w) => {
    const res = await moneyCall(w.t.app, w.b.token, 'POST', 'contract/close_order_cancel', { id: w.aCloseOrder })
    const [still] = await w.database.db
      .select()
      .from(contractCloseOrders)
      .where(eq(contractCloseOrders.id, w.aCloseOrder))
    return { refused: res.body.code !== 1 && still?.status === 'pending', body: res.body }
  },
  'POST contract/position_tpsl': async (w) => {
    const res = await call(w.t.app, w.b.token, 'POST', 'contract/position_tpsl', { id: w.aPosition, tp: '90000' })
    const [still] = await w.database.db.select().from(contractPositions).where(eq(contractPositions.id, w.aPosition))
    return { refused: res.body.code !== 1 && still?.tp === null, body: res.body }
  },
  'POST alert/delete': async (w) => {
    const [alert] = await w.database.db
      .insert(priceAlerts)
      .values({ userId: w.a.id, symbol: 'btcusdt', direction: 'above', price: '99999' })
      .returning()
    const res = await call(w.t.app, w.b.token, 'POST', 'alert/delete', { id: alert!.id })
    const [still] = await w.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alert!.id))
    return { refused: res.body.code !== 1 && still !== undefined, body: res.body }
  },
  'POST user/session_revoke': async (w) => {
    const [aSession] = await w.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(w.a.token)))
    const res = await call(w.t.app, w.b.token, 'POST', 'user/session_revoke', { id: aSession!.id })
    const still = await call(w.t.app, w.a.token, 'GET', 'user/info')
    return { refused: res.body.code !== 1 && still.status === 200, body: res.body }
  },
  'GET micro/order_detail': async (w) => {
    const res = await call(w.t.app, w.b.token, 'GET', 'micro/order_detail', { id: String(w.aMicro) })
    return { refused: res.body.code !== 1, body: res.body }
  },
  'GET trade/order_detail': async (w) => {
    const res = await call(w.t.app, w.b.token, 'GET', 'trade/order_detail', { id: String(w.aOrder) })
    return { refused: res.body.code !== 1, body: res.body }
  },
  'GET assets/ledger_detail': async (w) => {
    const res = await call(w.t.app, w.b.token, 'GET', 'assets/ledger_detail', { id: String(w.aRecord) })
    return { refused: res.body.code !== 1, body: res.body }
  },
  'POST assets/deposit_claim': async (w) => {
    // The proof image is an upload id (not named `…_id` on the wire): A's upload must not become B's proof.
    await openUsdtTrc20(w.database.db)
    const res = await moneyCall(w.t.app, w.b.token, 'POST', 'assets/deposit_claim', {
      currency: 'USDT',
      chain: 'TRC20',
      amount: '5',
      from_address: TRON_ADDRESS_2,
      proof_image: w.aUploads[0],
    })
    return { refused: res.body.code !== 1, body: res.body }
  },
  // Operator routes with ids are covered by the role check: a user never reaches them.
}

function describeMatrix(label: string, open: () => Promise<Database>): void {
  describe(`authorization matrix on ${label}`, () => {
    const w = {} as World
    beforeAll(async () => {
      w.database = await open()
      w.t = await testApp({ db: w.database.db })
      w.a = await makeUser(w.database.db)
      w.b = await makeUser(w.database.db)
      w.op = await makeUser(w.database.db, 'operator')
      const basic = { name: A_MARKERS.name, id_number: A_MARKERS.idNumber, city: 'Lima', email: 'alicia@example.com' }
      expect((await call(w.t.app, w.a.token, 'POST', 'user/identity_basic', basic)).body.code).toBe(1)
      const [submission] = await w.database.db
        .select()
        .from(identitySubmissions)
        .where(eq(identitySubmissions.userId, w.a.id))
      w.aSubmission = submission!.id
      expect(
        (await call(w.t.app, w.op.token, 'POST', 'admin/identity_review', { id: w.aSubmission, decision: 'approve' }))
          .body.code,
      ).toBe(1)
      w.aUploads = []
      w.aUrls = []
      for (const color of ['#a01010', '#10a010', '#1010a0']) {
        const res = await upload(w.t.app, w.a.token, await jpeg({ color }))
        expect(res.body.code).toBe(1)
        w.aUploads.push(res.body.data.id)
        w.aUrls.push(res.body.data.fullurl)
      }
      w.bUrl = (await upload(w.t.app, w.b.token, await jpeg())).body.data.fullurl
      const fb = await call<{ id: number }>(w.t.app, w.a.token, 'POST', 'feedback/submit', {
        type: 'account',
        title: A_MARKERS.feedbackTitle,
        content: 'Only Alicia and the operators may read this.',
      })
      expect(fb.body.code).toBe(1)
      const [row] = await w.database.db.select().from(feedback).where(eq(feedback.userId, w.a.id))
      w.aFeedback = row!.id
      await openUsdtTrc20(w.database.db)
      const saved = await call<{ id: number }>(w.t.app, w.a.token, 'POST', 'assets/address_save', {
        currency: 'USDT',
        chain: 'TRC20',
        address: TRON_ADDRESS_2,
      })
      w.aAddress = saved.body.data.id
      expect((await moneyCall(w.t.app, w.a.token, 'POST', 'assets/demo_enter')).body.code).toBe(1)
      const records = await call<{ list: { id: number }[] }>(w.t.app, w.a.token, 'GET', 'assets/ledger')
      w.aRecord = records.body.data.list[0]!.id
      const order = await moneyCall<{ id: number }>(w.t.app, w.a.token, 'POST', 'trade/order_place', {
        symbol: 'btcusdt',
        side: 'buy',
        type: 'limit',
        price: '40000',
        amount: '0.01',
        client_oid: 'alicia-1',
      })
      expect(order.body.code).toBe(1)
      w.aOrder = order.body.data.id
      const moved = await moneyCall(w.t.app, w.a.token, 'POST', 'assets/transfer', {
        currency: 'USDT',
        from: 'spot',
        to: 'option',
        amount: '100',
      })
      expect(moved.body.code).toBe(1)
      // A second contract opens at the first price received after it is accepted: the feed prices while it waits.
      const placing = moneyCall<{ id: number }>(w.t.app, w.a.token, 'POST', 'micro/order_place', {
        symbol: 'btcusdt',
        direction: 'up',
        duration_s: 300,
        amount: '10',
        client_oid: 'alicia-micro-1',
      })
      const micro = await whilePricing({ market: w.t.market as FakeMarket }, placing, 60000)
      expect(micro.body.code).toBe(1)
      w.aMicro = micro.body.data.id
      const products = await call<{ id: number }[]>(w.t.app, null, 'GET', 'financial/products', {})
      const sub = await moneyCall<{ id: number }>(w.t.app, w.a.token, 'POST', 'financial/buy', {
        product_id: products.body.data[0]!.id,
        amount: '100',
      })
      expect(sub.body.code).toBe(1)
      w.aSubscription = sub.body.data.id
      const toFutures = await moneyCall(w.t.app, w.a.token, 'POST', 'assets/transfer', {
        currency: 'USDT',
        from: 'spot',
        to: 'contract',
        amount: '2000',
      })
      expect(toFutures.body.code).toBe(1)
      // A fresh book before each order: a money path refuses a book older than the market's maximum age (2 s).
      let version = 1
      const freshBook = () => {
        const ts = Date.now()
        const tick = { bids: [[59990, 5]] as [number, number][], asks: [[60000, 5]] as [number, number][], version, ts }
        version++
        ;(w.t.market as FakeMarket).emit({ type: 'book', symbol: 'btcusdt', ts, tick })
      }
      const futures = (order: object) => {
        freshBook()
        return moneyCall<{ id: number; position_id: number | null }>(
          w.t.app,
          w.a.token,
          'POST',
          'contract/order_place',
          {
            symbol: 'btcusdt',
            side: 'long',
            amount: '0.01',
            leverage: 10,
            client_oid: `alicia-futures-${JSON.stringify(order).length}`,
            ...order,
          },
        )
      }
      const entrust = await futures({ type: 'limit', price: '50000' })
      expect(entrust.body.code).toBe(1)
      w.aEntrust = entrust.body.data.id
      const position = await futures({ type: 'market' })
      expect(position.body.code, position.body.msg).toBe(1)
      w.aPosition = position.body.data.position_id!
      const closing = await moneyCall<{ id: number }>(w.t.app, w.a.token, 'POST', 'contract/close_order', {
        id: w.aPosition,
        type: 'limit',
        price: '90000',
        amount: '0.005',
      })
      expect(closing.body.code, closing.body.msg).toBe(1)
      w.aCloseOrder = closing.body.data.id
      expect((await moneyCall(w.t.app, w.a.token, 'POST', 'assets/demo_exit')).body.code).toBe(1)
    })
    afterAll(async () => {
      await w.t?.app.close()
      await w.database?.close()
    })

    const userRoutes = ALL_ROUTES.filter((r) => r.auth === 'user')
    const operatorRoutes = ALL_ROUTES.filter((r) => r.auth === 'operator')

    it('lists every protected route that takes an object id', () => {
      const withIds = [...userRoutes, ...operatorRoutes].filter((r) => inputFields(r).some((f) => OBJECT_FIELD.test(f)))
      const userWithIds = withIds.filter((r) => r.auth === 'user').map(key)
      expect(
        userWithIds.filter((k) => !(k in OBJECT_CASES)),
        'routes taking ids with no matrix case',
      ).toEqual([])
      // The public image route takes ids too; it is guarded by its signature, and it has a case.
      expect(Object.keys(OBJECT_CASES)).toContain('GET common/image')
      expect(userRoutes.length).toBeGreaterThan(8)
    })

    it('refuses every user route without a session, with a made-up token and with a revoked one', async () => {
      const revoked = await makeUser(w.database.db)
      expect((await call(w.t.app, revoked.token, 'POST', 'user/logout')).body.code).toBe(1)
      for (const route of userRoutes) {
        for (const token of [null, 'x'.repeat(43), revoked.token]) {
          const res = route.multipart
            ? await upload(w.t.app, token, await jpeg())
            : await call(w.t.app, token, route.method ?? 'GET', route.path, {})
          expect([key(route), res.status, res.body.code]).toEqual([key(route), 401, 401])
        }
      }
    })

    it('refuses every operator route to a user (403) and to an anonymous caller (401)', async () => {
      for (const route of operatorRoutes) {
        const asUser = await call(w.t.app, w.b.token, route.method ?? 'GET', route.path, {})
        expect([key(route), asUser.status, asUser.body.code]).toEqual([key(route), 403, 403])
        const anonymous = await call(w.t.app, null, route.method ?? 'GET', route.path, {})
        expect([key(route), anonymous.status]).toEqual([key(route), 401])
      }
    })

    it.each(Object.keys(OBJECT_CASES))('%s with user A’s ids is refused to user B and leaks nothing', async (name) => {
      const { refused, body } = await OBJECT_CASES[name]!(w)
      expect(refused).toBe(true)
      const text = JSON.stringify(body)
      for (const marker of Object.values(A_MARKERS)) expect(text).not.toContain(marker)
    })

    it('answers user B’s own lists and details without anything of A’s', async () => {
      for (const [method, path] of [
        ['GET', 'user/info'],
        ['GET', 'user/identity'],
        ['GET', 'feedback/list'],
        ['GET', 'user/share'],
        ['GET', 'user/sessions'],
      ] as const) {
        const res = await call(w.t.app, w.b.token, method, path, {})
        expect([path, res.body.code]).toEqual([path, 1])
        const text = JSON.stringify(res.body)
        for (const marker of Object.values(A_MARKERS)) expect(text).not.toContain(marker)
        expect(text).not.toContain(w.a.email)
      }
    })

    it('ignores extra fields such as role, status and user_id in every user body', async () => {
      const c = await makeUser(w.database.db)
      const bodies: Record<string, object> = {
        'user/identity_basic': { name: 'Carl Extra', id_number: 'QQ1234567', city: 'Oslo', email: 'carl@example.com' },
        'feedback/submit': { type: 'other', title: 'Mass assignment probe', content: 'extra fields attached' },
      }
      // Logout would end the probe's session for the calls after it; it takes no body anyway.
      for (const route of userRoutes.filter((r) => r.method === 'POST' && !r.multipart && r.path !== 'user/logout')) {
        await call(w.t.app, c.token, 'POST', route.path, { ...(bodies[route.path] ?? {}), ...MASS_ASSIGNMENT })
      }
      const [me] = await w.database.db.select().from(users).where(eq(users.id, c.id))
      expect(me).toMatchObject({ role: 'user', status: 'active', inviterId: null })
      const subs = await w.database.db.select().from(identitySubmissions).where(eq(identitySubmissions.userId, c.id))
      expect(subs.map((s) => s.status)).toEqual(['review'])
      const tickets = await w.database.db.select().from(feedback).where(eq(feedback.title, 'Mass assignment probe'))
      expect(tickets.map((f) => [f.userId, f.status])).toEqual([[c.id, 'waiting']])
      const aFeedback = await w.database.db.select().from(feedback).where(eq(feedback.userId, w.a.id))
      expect(aFeedback).toHaveLength(1)
    })
  })
}

describeMatrix('PGlite', () => pgliteTestDb())

await describePostgres('authorization matrix', (open) => describeMatrix('PostgreSQL', open))
