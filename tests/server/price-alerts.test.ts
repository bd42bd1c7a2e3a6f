/**
 * Price alerts and Web Push (issue 24 part 6), on PGlite and PostgreSQL: alert/create refuses what it must (an
 * unknown market, a target already met, too many decimals, the 51st active alert) naming the field; an alert fires
 * once at the first ticker that reaches it — once even with two watchers racing — and writes the user's
 * `price_alert` notice; the relay hands the notice to the notifier, which posts an RFC 8291 message to the device's
 * endpoint (a local stand-in for the push service) that decrypts with the subscription's keys to the alert's text,
 * signed by the server's VAPID key. A push service's 410 deletes the subscription; a kind turned off is not pushed; a
 * device registered in Japanese gets Japanese; an endpoint on an unknown host is refused (no SSRF).
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { negate, parseDecimal } from '../../common/amount'
import type { AlertList, PriceAlert, PushPayload, VapidKey } from '../../common/api/notify'
import { CODE_BAD_INPUT, CODE_NOT_FOUND, CODE_REJECTED } from '../../common/constants'
import type { Database } from '../../server/db/client'
import { pushSubscriptions, userEvents } from '../../server/db/schema'
import { postTransaction } from '../../server/ledger/post'
import { startAlertWatcher, type AlertWatcher } from '../../server/notify/alert-watcher'
import { endpointAllowed } from '../../server/notify/push'
import { startNotifier, type Notifier } from '../../server/notify/notifier'
import { LocalUserEventBus } from '../../server/stream/bus'
import { relayOnce } from '../../server/stream/relay'
import { moneyCall } from '../helpers/money-calls'
import { checkVapid, decryptPush, startPushEndpoint, type PushEndpoint } from '../helpers/push-endpoint'
import { testApp, type TestApp } from '../helpers/server-app'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { fakeMarket, type FakeMarket } from '../helpers/server-fake-market'
import { makeUser, type TestUser } from '../helpers/server-users'

interface Suite {
  database: Database
  market: FakeMarket
  t: TestApp
  endpoint: PushEndpoint
  watchers: AlertWatcher[]
  notifier: Notifier
  user: TestUser
}

/** Publishes every committed user event through the relay to the notifier; waits for its pushes to end. */
async function relayAndPush(s: Suite) {
  const bus = new LocalUserEventBus()
  while ((await relayOnce(s.database.db, bus, 500, (e) => s.notifier.handle(e))) > 0);
  await s.notifier.idle()
}

const create = (s: Suite, token: string, body: object) =>
  moneyCall<PriceAlert>(s.t.app, token, 'POST', 'alert/create', body)

function describeAlerts(name: string, open: () => Promise<Database>) {
  describe(name, () => {
    const s = {} as Suite
    beforeAll(async () => {
      s.database = await open()
      s.market = fakeMarket()
      s.endpoint = await startPushEndpoint((path) => (path.startsWith('/gone') ? 410 : 201))
      const push = { subject: 'mailto:ops@example.com', endpointHosts: ['127.0.0.1'] }
      s.t = await testApp({ db: s.database.db, market: s.market, push })
      s.watchers = [
        await startAlertWatcher({ db: s.database.db, market: s.market, log: () => {} }),
        await startAlertWatcher({ db: s.database.db, market: s.market, log: () => {} }),
      ]
      s.notifier = startNotifier({ db: s.database.db, market: s.market, push, log: () => {} })
      s.user = await makeUser(s.database.db)
      s.market.ticker('btcusdt', 28_000)
    })
    afterAll(async () => {
      for (const w of s.watchers ?? []) await w.stop()
      await s.notifier?.stop()
      await s.t?.app.close()
      await s.endpoint?.close()
      await s.database?.close()
    })

    it('refuses an unknown market, a target already met and too many decimals, naming the field', async () => {
      const unknown = await create(s, s.user.token, { symbol: 'nopeusdt', direction: 'above', price: '1' })
      expect(unknown.body.code).toBe(CODE_BAD_INPUT)
      expect(unknown.body.data).toMatchObject({ field: 'symbol' })
      const met = await create(s, s.user.token, { symbol: 'btcusdt', direction: 'above', price: '28000' })
      expect(met.body.code).toBe(CODE_BAD_INPUT)
      expect(met.body.data).toMatchObject({ field: 'price' })
      expect(met.body.msg).toContain('28000')
      const metBelow = await create(s, s.user.token, { symbol: 'btcusdt', direction: 'below', price: '28500' })
      expect(metBelow.body.data).toMatchObject({ field: 'price' })
      const fine = await create(s, s.user.token, { symbol: 'btcusdt', direction: 'above', price: '28100.123' })
      expect(fine.body.data).toMatchObject({ field: 'price' })
      const bad = await create(s, s.user.token, { symbol: 'btcusdt', direction: 'sideways', price: '1' })
      expect(bad.body.code).toBe(CODE_BAD_INPUT)
      expect(JSON.stringify(bad.body.data)).toContain('direction')
      const list = await moneyCall<AlertList>(s.t.app, s.user.token, 'GET', 'alert/list', { symbol: 'btcusdt' })
      expect(list.body.data?.list).toEqual([])
    })

    it('keeps at most 50 active alerts and deletes only the owner’s', async () => {
      const other = await makeUser(s.database.db)
      s.market.ticker('ethusdt', 1800)
      const made: PriceAlert[] = []
      for (let i = 0; i < 50; i++) {
        const r = await create(s, other.token, { symbol: 'ethusdt', direction: 'below', price: '1' })
        expect(r.body.code, JSON.stringify(r.body)).toBe(1)
        made.push(r.body.data)
      }
      const more = await create(s, other.token, { symbol: 'ethusdt', direction: 'below', price: '1' })
      expect(more.body.code).toBe(CODE_REJECTED)
      expect(more.body.msg).toContain('50')
      const notMine = await moneyCall(s.t.app, s.user.token, 'POST', 'alert/delete', { id: made[0]!.id })
      expect(notMine.body.code).toBe(CODE_NOT_FOUND)
      const gone = await moneyCall<AlertList>(s.t.app, other.token, 'POST', 'alert/delete', { id: made[0]!.id })
      expect(gone.body.data?.list).toHaveLength(49)
      const again = await create(s, other.token, { symbol: 'ethusdt', direction: 'below', price: '1' })
      expect(again.body.code).toBe(1)
    })

    it('fires once at the first ticker that reaches it, with two watchers, and pushes the decrypted text', async () => {
      const sub = s.endpoint.subscription()
      const subscribed = await moneyCall<{ devices: number }>(s.t.app, s.user.token, 'POST', 'push/subscribe', {
        endpoint: sub.endpoint,
        keys: sub.keys,
        lang: 'en',
      })
      expect(subscribed.body.data).toEqual({ devices: 1 })
      const made = await create(s, s.user.token, { symbol: 'btcusdt', direction: 'above', price: '28100.5' })
      expect(made.body.data).toMatchObject({ state: 'active', price: '28100.5', fired_at: null })
      for (const w of s.watchers) await w.reload()

      s.market.ticker('btcusdt', 28_100.49)
      for (const w of s.watchers) await w.settled()
      expect(s.watchers.reduce((n, w) => n + w.fired(), 0)).toBe(0)

      s.market.ticker('btcusdt', 28_100.5)
      s.market.ticker('btcusdt', 28_101)
      for (const w of s.watchers) await w.settled()
      expect(s.watchers.reduce((n, w) => n + w.fired(), 0)).toBe(1)

      const list = await moneyCall<AlertList>(s.t.app, s.user.token, 'GET', 'alert/list', { symbol: 'btcusdt' })
      expect(list.body.data?.list).toEqual([
        expect.objectContaining({ id: made.body.data.id, state: 'fired', fired_price: '28100.5' }),
      ])
      const notices = await s.database.db.select().from(userEvents).where(eq(userEvents.userId, s.user.id))
      expect(notices.map((n) => n.data)).toContainEqual(
        expect.objectContaining({
          event: 'price_alert',
          id: made.body.data.id,
          symbol: 'btcusdt',
          state: 'above',
          price: '28100.5',
          last_price: '28100.5',
        }),
      )

      await relayAndPush(s)
      const [request] = await s.endpoint.waitFor(1)
      expect(request!.headers['content-encoding']).toBe('aes128gcm')
      expect(Number(request!.headers.ttl)).toBeGreaterThan(0)
      const key = await moneyCall<VapidKey>(s.t.app, s.user.token, 'GET', 'push/vapid_key')
      expect(checkVapid(request!.headers, key.body.data.public_key, s.endpoint.origin).sub).toBe(
        'mailto:ops@example.com',
      )
      const payload = JSON.parse(decryptPush(request!.body, sub)) as PushPayload
      expect(payload).toEqual({
        title: 'BTC/USDT rose to 28100.5',
        body: 'Your price alert at 28100.5 was triggered',
        url: '/kline?symbol=btcusdt',
        tag: `notices:${s.user.id}:${notices.find((n) => n.topic === 'notices')!.seq}`,
        kind: 'price_alert',
      })
      expect(s.notifier.stats().sent).toBe(1)
    })

    it('pushes in the device’s language, honours the settings and forgets a subscription the service calls gone', async () => {
      const user = await makeUser(s.database.db)
      const ja = s.endpoint.subscription()
      const gone = s.endpoint.subscription('/gone/1')
      for (const sub of [ja, gone]) {
        const r = await moneyCall(s.t.app, user.token, 'POST', 'push/subscribe', {
          endpoint: sub.endpoint,
          keys: sub.keys,
          lang: 'ja',
        })
        expect(r.body.code).toBe(1)
      }
      const off = await moneyCall<{ kinds: Record<string, boolean> }>(s.t.app, user.token, 'POST', 'notify/settings', {
        kinds: { price_alert: false },
      })
      expect(off.body.data?.kinds).toMatchObject({ price_alert: false, deposit: true })
      s.market.ticker('btcusdt', 28_000)
      await create(s, user.token, { symbol: 'btcusdt', direction: 'below', price: '27990' })
      for (const w of s.watchers) await w.reload()
      s.market.ticker('btcusdt', 27_990)
      for (const w of s.watchers) await w.settled()
      // A live deposit of 0.5 BTC credited to the spot wallet: pushed (deposits stay on).
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
      const before = s.endpoint.requests.length
      await relayAndPush(s)
      const sent = (await s.endpoint.waitFor(before + 2)).slice(before)
      const mine = sent.find((r) => r.path === new URL(ja.endpoint).pathname)!
      expect(sent).toHaveLength(2)
      const payload = JSON.parse(decryptPush(mine.body, ja)) as PushPayload
      expect(payload).toMatchObject({ kind: 'deposit', title: '入金が反映されました', url: '/deposit-record' })
      expect(payload.body).toBe('0.50000000 BTC')
      const left = await s.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))
      expect(left.map((r) => r.endpoint)).toEqual([ja.endpoint])
    })

    it('keeps the newest 10 devices of an account', async () => {
      const user = await makeUser(s.database.db)
      const subs = Array.from({ length: 12 }, () => s.endpoint.subscription())
      let devices = 0
      for (const sub of subs) {
        const r = await moneyCall<{ devices: number }>(s.t.app, user.token, 'POST', 'push/subscribe', {
          endpoint: sub.endpoint,
          keys: sub.keys,
        })
        devices = r.body.data.devices
      }
      expect(devices).toBe(10)
      const kept = await s.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))
      expect(kept.map((k) => k.endpoint).sort()).toEqual(
        subs
          .slice(2)
          .map((x) => x.endpoint)
          .sort(),
      )
    })

    it('refuses a push endpoint outside the known push services', async () => {
      for (const endpoint of ['https://evil.example/push', 'http://10.0.0.5/push', 'file:///etc/passwd']) {
        const r = await moneyCall(s.t.app, s.user.token, 'POST', 'push/subscribe', {
          endpoint,
          keys: s.endpoint.subscription().keys,
        })
        expect(r.body.code).toBe(CODE_BAD_INPUT)
        expect(r.body.data).toMatchObject({ field: 'endpoint' })
      }
    })
  })
}

describe('push endpoint rule', () => {
  it('takes https on a push service and its subdomains, http only on a listed loopback', () => {
    const hosts = ['fcm.googleapis.com', 'notify.windows.com', '127.0.0.1']
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(true)
    expect(endpointAllowed('https://wns2-par02p.notify.windows.com/w/?token=x', hosts)).toBe(true)
    expect(endpointAllowed('http://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(false)
    expect(endpointAllowed('https://fcm.googleapis.com.evil.example/x', hosts)).toBe(false)
    expect(endpointAllowed('https://evilfcm.googleapis.com.example/x', hosts)).toBe(false)
    expect(endpointAllowed('https://user:pw@fcm.googleapis.com/x', hosts)).toBe(false)
    expect(endpointAllowed('http://127.0.0.1:9/push', hosts)).toBe(true)
    expect(endpointAllowed('http://127.0.0.1:9/push', ['fcm.googleapis.com'])).toBe(false)
  })
})

describeAlerts('price alerts and Web Push on PGlite', () => pgliteTestDb())
await describePostgres('price alerts and Web Push', (open) =>
  describeAlerts('price alerts and Web Push on PostgreSQL', open),
)
