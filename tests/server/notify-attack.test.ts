/**
 * Adversarial review of issue 24 part 6 (price alerts and Web Push): each test is one way the first version could be
 * abused or failed, kept as a regression test. What each produced on that version (commit 7f2d6b3):
 *
 * 1. Head-of-line blocking: one account's black-hole endpoints (10 devices × 10 s timeout, sent one after another)
 *    held every notifier slot: another account's alert was not pushed within 3 s (1a); with a flood of free demo
 *    fills the victim's liquidation was dropped from the shared queue (1b). Now: users take turns, at most 2 pushes
 *    in flight per user, a user's devices in parallel, 5 s timeout, the demo book never pushed, a flood loses the
 *    flooder's oldest.
 * 2. Subscriptions outlived their session: a device signed out from another one still got "Deposit credited". Now
 *    a subscription belongs to its session and is pushed only while it is live.
 * 3. A failed first VAPID key read was cached as a rejected promise: no push until restart.
 * 4. A p256dh of the right length but not a P-256 point was accepted (4a); at send it threw outside sendPush's try
 *    and the user's other devices got nothing (4b).
 * 5. A NUL in a push endpoint was a 500, not a 422 naming `endpoint`.
 * 6. The endpoint rule ignored ports (any port on a push service host; a listed `host:port` allowed every port).
 * 7. A push service's 503 (Retry-After: 1) lost the message: no retry.
 * 8. An alert whose target was reached before the watcher's index held it (NOTIFY latency) never fired.
 * 9. A price with leading zeros passed the schema and made parseDecimal throw: a 500, not a 422 naming `price`.
 * 10. Whoever knew a device's endpoint URL took it over with keys of its own (the owner's pushes went nowhere).
 * 11. Every alert/create and alert/delete made every watcher re-read all active alerts (40 full reads for 40
 *     changes); the NOTIFY now carries the change.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { negate, parseDecimal } from '../../common/amount'
import type { PriceAlert } from '../../common/api/notify'
import { CODE_BAD_INPUT, CODE_OK } from '../../common/constants'
import { DEFAULT_PUSH_HOSTS } from '../../server/config'
import { createSession } from '../../server/auth/sessions'
import type { Database } from '../../server/db/client'
import { priceAlerts, pushSubscriptions } from '../../server/db/schema'
import { postTransaction } from '../../server/ledger/post'
import { startAlertWatcher, type AlertWatcher } from '../../server/notify/alert-watcher'
import { startNotifier, type Notifier } from '../../server/notify/notifier'
import { endpointAllowed } from '../../server/notify/push'
import { LocalUserEventBus } from '../../server/stream/bus'
import type { UserEvent } from '../../server/stream/events'
import { relayOnce } from '../../server/stream/relay'
import { moneyCall } from '../helpers/money-calls'
import { startPushEndpoint, type PushEndpoint } from '../helpers/push-endpoint'
import { testApp, type TestApp } from '../helpers/server-app'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { fakeMarket, type FakeMarket } from '../helpers/server-fake-market'
import { makeUser, type TestUser } from '../helpers/server-users'

const PUSH = { subject: 'mailto:ops@example.com', endpointHosts: ['127.0.0.1'] }

/**
 * A push service that misbehaves by path: `/hang/…` accepts the request and never answers (a black hole, as a
 * filtered port of a push service host is), `/busy/…` answers its first request 503 with `Retry-After: 1` and later
 * ones 201; anything else 201. Every request's path is recorded.
 */
async function startBadService(): Promise<{ origin: string; paths: string[]; close(): Promise<void> }> {
  const paths: string[] = []
  const seen = new Set<string>()
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume()
    req.on('end', () => {
      const path = req.url ?? '/'
      paths.push(path)
      if (path.startsWith('/hang/')) return
      if (path.startsWith('/busy/') && !seen.has(path)) {
        seen.add(path)
        res.writeHead(503, { 'retry-after': '1' }).end()
        return
      }
      res.writeHead(201).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

interface Suite {
  database: Database
  market: FakeMarket
  t: TestApp
  endpoint: PushEndpoint
  watcher: AlertWatcher
}

/** Publishes every committed user event through the relay to `notifier` (does not wait for the pushes). */
async function relayTo(s: Suite, notifier: Notifier) {
  const bus = new LocalUserEventBus()
  while ((await relayOnce(s.database.db, bus, 500, (e) => notifier.handle(e))) > 0);
}

/** A live deposit of 0.5 BTC credited to `user`'s spot wallet (a `deposit` push). */
async function creditDeposit(s: Suite, user: TestUser) {
  const half = parseDecimal('0.5')
  await postTransaction(s.database.db, {
    kind: 'deposit',
    reference: `deposit:test-${randomUUID()}`,
    book: 'live',
    userId: user.id,
    actor: 'cli',
    entries: [
      { owner: { system: 'deposits' }, currency: 'BTC', bucket: 'available', amount: negate(half) },
      { owner: { userId: user.id, wallet: 'spot' }, currency: 'BTC', bucket: 'available', amount: half },
    ],
  })
}

const subscribe = (s: Suite, token: string, endpoint: string, keys: { p256dh: string; auth: string }) =>
  moneyCall<{ devices: number }>(s.t.app, token, 'POST', 'push/subscribe', { endpoint, keys, lang: 'en' })

const requestsTo = (s: Suite, endpoint: string) =>
  s.endpoint.requests.filter((r) => r.path === new URL(endpoint).pathname).length

function describeAttacks(name: string, open: () => Promise<Database>) {
  describe(name, () => {
    const s = {} as Suite
    beforeAll(async () => {
      s.database = await open()
      s.market = fakeMarket()
      s.endpoint = await startPushEndpoint()
      s.t = await testApp({ db: s.database.db, market: s.market, push: PUSH })
      s.watcher = await startAlertWatcher({ db: s.database.db, market: s.market, log: () => {} })
    })
    afterAll(async () => {
      await s.watcher?.stop()
      await s.t?.app.close()
      await s.endpoint?.close()
      await s.database?.close()
    })

    it('1a. one account’s black-hole endpoints do not delay another account’s push', async () => {
      const bad = await startBadService()
      const notifier = startNotifier({ db: s.database.db, market: s.market, push: PUSH, log: () => {} })
      try {
        await relayTo(s, notifier) // nothing of earlier tests left over
        const attacker = await makeUser(s.database.db)
        const victim = await makeUser(s.database.db)
        for (let i = 0; i < 10; i++) {
          const keys = s.endpoint.subscription().keys
          const r = await subscribe(s, attacker.token, `${bad.origin}/hang/${i}`, keys)
          expect(r.body.code).toBe(CODE_OK)
        }
        const good = s.endpoint.subscription()
        expect((await subscribe(s, victim.token, good.endpoint, good.keys)).body.code).toBe(CODE_OK)
        s.market.ticker('ethusdt', 1800)
        // Eight alerts of the attacker (one per notifier slot), then the victim's; one ticker fires them all.
        for (let i = 0; i < 8; i++) {
          const r = await moneyCall<PriceAlert>(s.t.app, attacker.token, 'POST', 'alert/create', {
            symbol: 'ethusdt',
            direction: 'above',
            price: '1801',
          })
          expect(r.body.code).toBe(CODE_OK)
        }
        const mine = await moneyCall<PriceAlert>(s.t.app, victim.token, 'POST', 'alert/create', {
          symbol: 'ethusdt',
          direction: 'above',
          price: '1801',
        })
        expect(mine.body.code).toBe(CODE_OK)
        await s.watcher.reload()
        s.market.ticker('ethusdt', 1801)
        await s.watcher.settled()
        const [fired] = await s.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, mine.body.data.id))
        expect(fired!.firedAt, 'the victim’s alert fired').not.toBeNull()
        await relayTo(s, notifier)
        const started = Date.now()
        // The victim's push should go out about as fast as ever; it waits for the attacker's 10 × 10 s timeouts.
        while (requestsTo(s, good.endpoint) === 0 && Date.now() - started < 3000) {
          await new Promise((r) => setTimeout(r, 50))
        }
        expect(requestsTo(s, good.endpoint), 'victim’s alert pushed within 3 s').toBe(1)
      } finally {
        await bad.close() // the hanging requests fail now, the rest are refused at once
        await notifier.stop()
      }
    }, 20_000)

    it('1b. a flood of one account’s events does not push another account’s liquidation out of the queue', async () => {
      const notifier = startNotifier({ db: s.database.db, market: s.market, push: PUSH, log: () => {} })
      try {
        const victim = await makeUser(s.database.db)
        const attacker = await makeUser(s.database.db)
        const good = s.endpoint.subscription()
        expect((await subscribe(s, victim.token, good.endpoint, good.keys)).body.code).toBe(CODE_OK)
        const ev = (userId: number, seq: number, data: object, topic: 'orders' | 'positions'): UserEvent => ({
          userId,
          seq,
          topic,
          symbol: 'btcusdt',
          data: data as never,
          createdAt: Date.now(),
        })
        // Eight of the attacker's demo fills take the slots, then the victim's liquidation, then a burst of demo
        // fills (free to make: demo money), as the relay hands them over in one go.
        const fill = (seq: number) =>
          ev(attacker.id, seq, { event: 'filled', kind: 'spot', book: 'demo', symbol: 'btcusdt', order: {} }, 'orders')
        notifier.handle(Array.from({ length: 8 }, (_, i) => fill(i + 1)))
        notifier.handle([
          ev(victim.id, 1, { event: 'liquidated', book: 'live', symbol: 'btcusdt', position: {} }, 'positions'),
        ])
        notifier.handle(Array.from({ length: 10_000 }, (_, i) => fill(i + 9)))
        const started = Date.now()
        while (requestsTo(s, good.endpoint) === 0 && Date.now() - started < 5000) {
          await new Promise((r) => setTimeout(r, 50))
        }
        expect(requestsTo(s, good.endpoint), `victim’s liquidation pushed (${notifier.stats().dropped} dropped)`).toBe(
          1,
        )
      } finally {
        await notifier.stop()
      }
    }, 60_000)

    it('2. a session ended from another device stops that device’s pushes', async () => {
      const notifier = startNotifier({ db: s.database.db, market: s.market, push: PUSH, log: () => {} })
      try {
        const lost = await makeUser(s.database.db) // the phone that was lost, signed in
        const laptop = await createSession(s.database.db, lost.id, { ip: '127.0.0.1', userAgent: 'laptop' })
        const phone = s.endpoint.subscription()
        expect((await subscribe(s, lost.token, phone.endpoint, phone.keys)).body.code).toBe(CODE_OK)
        const ended = await moneyCall(s.t.app, laptop, 'POST', 'user/session_revoke', { id: lost.sessionId })
        expect(ended.body.code).toBe(CODE_OK)
        expect((await moneyCall(s.t.app, lost.token, 'GET', 'user/info')).body.code).not.toBe(CODE_OK)
        await creditDeposit(s, lost) // "Deposit credited: 0.50000000 BTC" on the lost phone's lock screen
        await relayTo(s, notifier)
        await notifier.idle()
        expect(requestsTo(s, phone.endpoint), 'pushes to the signed-out device').toBe(0)
      } finally {
        await notifier.stop()
      }
    })

    it('3. a failed first read of the VAPID key is not remembered for ever', async () => {
      const notifier = startNotifier({ db: s.database.db, market: s.market, push: PUSH, log: () => {} })
      try {
        await relayTo(s, notifier)
        await notifier.idle()
        const user = await makeUser(s.database.db)
        const sub = s.endpoint.subscription()
        expect((await subscribe(s, user.token, sub.endpoint, sub.keys)).body.code).toBe(CODE_OK)
        // A transient database failure at the notifier's first push (here: the table briefly unreachable).
        await s.database.db.execute(sql`alter table vapid_keys rename to vapid_keys_away`)
        try {
          await creditDeposit(s, user)
          await relayTo(s, notifier)
          await notifier.idle()
        } finally {
          await s.database.db.execute(sql`alter table vapid_keys_away rename to vapid_keys`)
        }
        expect(requestsTo(s, sub.endpoint)).toBe(0)
        // The database is back: the next deposit is pushed.
        await creditDeposit(s, user)
        await relayTo(s, notifier)
        await notifier.idle()
        expect(requestsTo(s, sub.endpoint), 'pushed once the database is back').toBe(1)
      } finally {
        await notifier.stop()
      }
    })

    it('4a. push/subscribe refuses a p256dh that is not a P-256 public key, naming it', async () => {
      const user = await makeUser(s.database.db)
      const sub = s.endpoint.subscription()
      for (const p256dh of ['B'.repeat(87), 'B'.repeat(86)]) {
        const r = await subscribe(s, user.token, sub.endpoint, { p256dh, auth: sub.keys.auth })
        expect(r.body.code, p256dh.length.toString()).toBe(CODE_BAD_INPUT)
        expect(JSON.stringify(r.body.data)).toContain('p256dh')
      }
    })

    it('4b. a device whose keys cannot encrypt does not stop the pushes to the account’s other devices', async () => {
      const notifier = startNotifier({ db: s.database.db, market: s.market, push: PUSH, log: () => {} })
      try {
        await relayTo(s, notifier)
        await notifier.idle()
        const user = await makeUser(s.database.db)
        const broken = s.endpoint.subscription()
        await s.database.db.insert(pushSubscriptions).values({
          userId: user.id,
          sessionId: user.sessionId,
          endpoint: broken.endpoint,
          p256dh: 'B'.repeat(87),
          auth: broken.keys.auth,
        })
        const good = s.endpoint.subscription()
        expect((await subscribe(s, user.token, good.endpoint, good.keys)).body.code).toBe(CODE_OK)
        await creditDeposit(s, user)
        await relayTo(s, notifier)
        await notifier.idle()
        expect(requestsTo(s, good.endpoint), 'the good device pushed').toBe(1)
      } finally {
        await notifier.stop()
      }
    })

    it('5. a NUL in a push endpoint is a 422 naming endpoint, not a 500', async () => {
      const user = await makeUser(s.database.db)
      const sub = s.endpoint.subscription()
      const r = await subscribe(s, user.token, `${sub.endpoint}\u0000x`, sub.keys)
      expect(r.status).toBeLessThan(500)
      expect(r.body.code).toBe(CODE_BAD_INPUT)
      expect(r.body.data).toMatchObject({ field: 'endpoint' })
    })

    it('7. a push service’s 503 with Retry-After does not lose the message', async () => {
      const busy = await startBadService()
      const notifier = startNotifier({ db: s.database.db, market: s.market, push: PUSH, log: () => {} })
      try {
        await relayTo(s, notifier)
        await notifier.idle()
        const user = await makeUser(s.database.db)
        const keys = s.endpoint.subscription().keys
        expect((await subscribe(s, user.token, `${busy.origin}/busy/1`, keys)).body.code).toBe(CODE_OK)
        await creditDeposit(s, user) // e.g. a liquidation or a credited deposit
        await relayTo(s, notifier)
        const started = Date.now()
        while (busy.paths.length < 2 && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 50))
        expect(busy.paths, 'retried after Retry-After: 1').toEqual(['/busy/1', '/busy/1'])
      } finally {
        await busy.close()
        await notifier.stop()
      }
    }, 15_000)

    it('8. an alert whose target is reached right after creation fires', async () => {
      const user = await makeUser(s.database.db)
      s.market.ticker('solusdt', 100)
      await s.watcher.settled()
      const made = await moneyCall<PriceAlert>(s.t.app, user.token, 'POST', 'alert/create', {
        symbol: 'solusdt',
        direction: 'above',
        price: '101',
      })
      expect(made.body.code).toBe(CODE_OK)
      // The market spikes through the target and back before the watcher's index holds the new alert.
      s.market.ticker('solusdt', 102)
      s.market.ticker('solusdt', 100)
      await s.watcher.settled()
      await s.watcher.reload()
      s.market.ticker('solusdt', 100)
      await s.watcher.settled()
      const [row] = await s.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, made.body.data.id))
      expect(row!.firedAt, 'fired at the 102 that reached it').not.toBeNull()
    })

    it('9. a price with leading zeros is a 422 naming price, not a 500', async () => {
      const user = await makeUser(s.database.db)
      s.market.ticker('btcusdt', 28_000)
      for (const price of ['00.1', '030000']) {
        const r = await moneyCall(s.t.app, user.token, 'POST', 'alert/create', {
          symbol: 'btcusdt',
          direction: 'above',
          price,
        })
        expect(r.status, price).toBeLessThan(500)
        expect(r.body.code, price).toBe(CODE_BAD_INPUT)
        expect(r.body.data, price).toMatchObject({ field: 'price' })
      }
    })

    it('10. an account that only knows another account’s endpoint URL cannot take the device over', async () => {
      const owner = await makeUser(s.database.db)
      const thief = await makeUser(s.database.db)
      const device = s.endpoint.subscription()
      expect((await subscribe(s, owner.token, device.endpoint, device.keys)).body.code).toBe(CODE_OK)
      // The URL leaked (a log, a proxy, a support ticket); the auth secret did not: the thief sends keys of its own.
      const own = s.endpoint.subscription().keys
      await subscribe(s, thief.token, device.endpoint, own)
      const [row] = await s.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, device.endpoint))
      expect(row!.userId, 'the device still belongs to its owner').toBe(owner.id)
      expect(row!.auth).toBe(device.keys.auth)
    })

    it('11. creating and deleting alerts does not make a watcher re-read every active alert each time', async () => {
      let selects = 0
      const counted = new Proxy(s.database.db, {
        get(target, prop, receiver) {
          if (prop === 'select') selects++
          return Reflect.get(target, prop, receiver) as unknown
        },
      })
      const watcher = await startAlertWatcher({ db: counted, market: s.market, log: () => {}, reloadMs: 60_000 })
      try {
        const user = await makeUser(s.database.db)
        s.market.ticker('xrpusdt', 0.5)
        await watcher.settled()
        const before = selects
        for (let i = 0; i < 20; i++) {
          const made = await moneyCall<PriceAlert>(s.t.app, user.token, 'POST', 'alert/create', {
            symbol: 'xrpusdt',
            direction: 'above',
            price: '0.6',
          })
          expect(made.body.code).toBe(CODE_OK)
          await moneyCall(s.t.app, user.token, 'POST', 'alert/delete', { id: made.body.data.id })
        }
        await new Promise((r) => setTimeout(r, 200))
        await watcher.settled()
        expect(selects - before, 'full reloads for 40 changes').toBeLessThanOrEqual(3)
      } finally {
        await watcher.stop()
      }
    })
  })
}

describe('push endpoint rule and ports', () => {
  it('6. takes the push service’s https port only, and a listed host:port only on that port', () => {
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/x', DEFAULT_PUSH_HOSTS)).toBe(true)
    // A filtered port of a push service host is a 10 s black hole per push (finding 1), any open one an SSRF target.
    expect(endpointAllowed('https://fcm.googleapis.com:81/fcm/send/x', DEFAULT_PUSH_HOSTS)).toBe(false)
    expect(endpointAllowed('https://updates.push.services.mozilla.com:22/wpush/v2/x', DEFAULT_PUSH_HOSTS)).toBe(false)
    // PUSH_ENDPOINT_HOSTS accepts `host:port`, but the port is dropped: every loopback port is then allowed.
    expect(endpointAllowed('http://127.0.0.1:8089/push/x', ['127.0.0.1:8089'])).toBe(true)
    expect(endpointAllowed('http://127.0.0.1:5432/', ['127.0.0.1:8089'])).toBe(false)
  })
})

describeAttacks('notify attacks on PGlite', () => pgliteTestDb())
await describePostgres('notify attacks', (open) => describeAttacks('notify attacks on PostgreSQL', open))
