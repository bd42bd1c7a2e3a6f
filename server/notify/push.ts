/**
 * Web Push (issue 24 part 6): the server's VAPID key pair, devices' subscriptions, notification settings and the
 * sending of one message. Encryption (RFC 8291, `aes128gcm` of RFC 8188) and the VAPID JWT (RFC 8292) are the
 * `web-push` library's; the POST itself goes through fetch so a loopback test endpoint may use plain http.
 *
 * A device registers `PushSubscription.toJSON()`; its endpoint must be on a push service of
 * `config.push.endpointHosts` (else the server could be made to post to any address: SSRF). An endpoint the push
 * service answers 404 or 410 for is gone (RFC 8030 §7.3) and is deleted.
 */
import { createPublicKey } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import webPush from 'web-push'
import { NOTIFY_KINDS, type NotifyKind, type NotifySettings, type PushPayload } from '../../common/api/notify'
import type { Locale } from '../../common/constants'
import type { ServerConfig } from '../config'
import type { Db } from '../db/client'
import { notifySettings, pushSubscriptions, sessions, vapidKeys } from '../db/schema'
import { badField } from '../domain/errors'

/** A VAPID key pair, base64url (public: the 65-byte uncompressed P-256 point; private: the 32-byte scalar). */
export interface VapidPair {
  publicKey: string
  privateKey: string
}

/**
 * The server's VAPID pair: the operator's (config) or the one kept in the database, made on first use. Two processes
 * making one at once keep the first written (insert … on conflict do nothing, then read).
 */
export async function vapidPair(db: Db, push: ServerConfig['push']): Promise<VapidPair> {
  if (push.publicKey && push.privateKey) return { publicKey: push.publicKey, privateKey: push.privateKey }
  const [kept] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1))
  if (kept) return { publicKey: kept.publicKey, privateKey: kept.privateKey }
  const made = webPush.generateVAPIDKeys()
  await db
    .insert(vapidKeys)
    .values({ id: 1, publicKey: made.publicKey, privateKey: made.privateKey })
    .onConflictDoNothing()
  const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1))
  return { publicKey: row!.publicKey, privateKey: row!.privateKey }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * Whether a device may register `endpoint`: an https URL on a listed push service host (the host itself or a
 * subdomain of it) at the default port, or an http URL on a listed loopback host (tests). A listed `host:port` allows
 * that port only; a loopback host listed without a port allows any port of it.
 */
export function endpointAllowed(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  const host = url.hostname.toLowerCase()
  const loopback = LOOPBACK.has(host)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return false
  return hosts.some((entry) => {
    const m = /^(.*?)(?::(\d+))?$/.exec(entry.toLowerCase())!
    const name = m[1]!
    if (host !== name && !(host.endsWith(`.${name}`) && !loopback)) return false
    if (m[2] !== undefined) return url.port === m[2]
    return loopback || url.port === ''
  })
}

/**
 * Whether `p256dh` is a P-256 public key (RFC 8291 §3.1: the uncompressed point, 65 bytes) and `auth` a 16-byte
 * secret, both base64url: a key that is not a point would make every push to the device fail.
 */
export function subscriptionKeysValid(keys: { p256dh: string; auth: string }): 'p256dh' | 'auth' | null {
  const point = Buffer.from(keys.p256dh, 'base64url')
  try {
    if (point.length !== 65 || point[0] !== 4) return 'p256dh'
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    })
  } catch {
    return 'p256dh'
  }
  return Buffer.from(keys.auth, 'base64url').length === 16 ? null : 'auth'
}

/** Devices per account that receive pushes (a newer registration pushes out the oldest). */
export const MAX_PUSH_DEVICES = 10

/** A device's subscription as stored. */
export interface PushDevice {
  id: number
  endpoint: string
  p256dh: string
  auth: string
  lang: Locale
}

/** How many devices of `userId` receive pushes (their session live). */
export async function devicesOf(db: Db, userId: number): Promise<number> {
  return (await pushDevices(db, userId)).length
}

/**
 * Registers this device's subscription for session `who` (the endpoint canonicalized by WHATWG URL). An endpoint
 * already registered moves to this session only when the request carries its auth secret (the same browser signing
 * in again, to this or another account); knowing an endpoint URL alone takes no one's device. An account keeps its
 * newest MAX_PUSH_DEVICES devices.
 * @throws DomainError bad_input on `endpoint` (not a known push service; registered with another secret),
 *   `keys.p256dh` (not a P-256 point) or `keys.auth` (not 16 bytes)
 */
export async function subscribePush(
  db: Db,
  hosts: readonly string[],
  who: { userId: number; sessionId: number },
  sub: { endpoint: string; keys: { p256dh: string; auth: string }; lang?: Locale | undefined },
): Promise<{ devices: number }> {
  if (!endpointAllowed(sub.endpoint, hosts)) throw badField('endpoint', 'pushEndpointRefused')
  const bad = subscriptionKeysValid(sub.keys)
  if (bad) throw badField(`keys.${bad}`, 'invalidInput')
  const endpoint = new URL(sub.endpoint).href
  const values = {
    userId: who.userId,
    sessionId: who.sessionId,
    endpoint,
    p256dh: sub.keys.p256dh,
    auth: sub.keys.auth,
    lang: sub.lang ?? 'en',
  }
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { ...values, createdAt: sql`now()` },
      setWhere: sql`${pushSubscriptions.auth} = excluded.auth`,
    })
    .returning({ id: pushSubscriptions.id })
  if (!row) throw badField('endpoint', 'pushEndpointRefused')
  // The newest MAX_PUSH_DEVICES only: a client registering endpoint after endpoint cannot make each event fan out
  // to thousands of posts.
  await db.execute(sql`
    delete from push_subscriptions where user_id = ${who.userId} and id not in (
      select id from push_subscriptions where user_id = ${who.userId} order by created_at desc, id desc
      limit ${MAX_PUSH_DEVICES})`)
  return { devices: await devicesOf(db, who.userId) }
}

/** Removes the subscription `endpoint` of `userId` (none: nothing happens). */
export async function unsubscribePush(db: Db, userId: number, endpoint: string): Promise<{ devices: number }> {
  let canonical = endpoint
  try {
    canonical = new URL(endpoint).href
  } catch {
    // not a URL: matches nothing registered
  }
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, canonical)))
  return { devices: await devicesOf(db, userId) }
}

/** The notification settings of `userId` (every kind on until turned off). */
export async function settingsOf(db: Db, userId: number): Promise<NotifySettings> {
  const [row] = await db
    .select({ off: notifySettings.off })
    .from(notifySettings)
    .where(eq(notifySettings.userId, userId))
  const off = new Set(row?.off ?? [])
  const kinds = Object.fromEntries(NOTIFY_KINDS.map((k) => [k, !off.has(k)])) as Record<NotifyKind, boolean>
  return { kinds, devices: await devicesOf(db, userId) }
}

/** Sets the kinds named in `kinds` on or off (the others keep their value); answers the settings. */
export async function saveSettings(
  db: Db,
  userId: number,
  kinds: Partial<Record<NotifyKind, boolean>>,
): Promise<NotifySettings> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ off: notifySettings.off })
      .from(notifySettings)
      .where(eq(notifySettings.userId, userId))
      .for('update')
    const off = new Set(row?.off ?? [])
    for (const k of NOTIFY_KINDS) {
      if (kinds[k] === true) off.delete(k)
      if (kinds[k] === false) off.add(k)
    }
    const list = NOTIFY_KINDS.filter((k) => off.has(k))
    await tx
      .insert(notifySettings)
      .values({ userId, off: list })
      .onConflictDoUpdate({ target: notifySettings.userId, set: { off: list, updatedAt: sql`now()` } })
  })
  return settingsOf(db, userId)
}

/** Whether `userId` wants `kind` pushed. */
export async function wantsPush(db: Db, userId: number, kind: NotifyKind): Promise<boolean> {
  const [row] = await db
    .select({ off: notifySettings.off })
    .from(notifySettings)
    .where(eq(notifySettings.userId, userId))
  return !(row?.off ?? []).includes(kind)
}

/** The devices of `userId` whose session is live (not revoked, not expired). */
export async function pushDevices(db: Db, userId: number): Promise<PushDevice[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      lang: pushSubscriptions.lang,
    })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`))
}

/**
 * What became of one push: accepted by the push service, gone (subscription deleted), failed for good (kept, or
 * deleted when the device has had no success for FAILING_DEVICE_DAYS), or to retry after `retryAfterMs` (429/5xx).
 */
export type PushOutcome = 'sent' | 'gone' | 'failed' | { retryAfterMs: number }

/** How long a push service may keep an undelivered message, s (an alert older than a day is news no longer). */
export const PUSH_TTL_S = 24 * 60 * 60

/** How long one POST to a push service may take, ms. */
export const PUSH_TIMEOUT_MS = 5_000

/** A device whose pushes all failed for this many days since its last success (or registration) is deleted. */
export const FAILING_DEVICE_DAYS = 3

/** The wait a 429/5xx asks for (`Retry-After` seconds, or 5 s), at most 60 s. */
function retryAfterMs(header: string | null): number {
  const s = Number(header)
  return Math.min(60_000, Math.max(1_000, Number.isFinite(s) && s > 0 ? s * 1000 : 5_000))
}

/**
 * Encrypts `payload` for `device` (RFC 8291 aes128gcm), signs the request with `vapid` (RFC 8292) and posts it to the
 * device's endpoint. 201/202 → sent (last_sent_at set); 404/410 → the subscription is deleted; 429 and 5xx → retry
 * (RFC 8030 §8.4, after its Retry-After); anything else, no answer within PUSH_TIMEOUT_MS or keys that cannot encrypt
 * → failed. Never throws.
 */
export async function sendPush(
  db: Db,
  device: PushDevice,
  payload: PushPayload,
  vapid: VapidPair & { subject: string },
): Promise<PushOutcome> {
  let status: number
  let retryAfter: string | null = null
  try {
    const details = webPush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: PUSH_TTL_S,
        urgency: payload.kind === 'liquidation' || payload.kind === 'price_alert' ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
      },
    )
    const answer = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body as Buffer | null,
      redirect: 'error',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    })
    status = answer.status
    retryAfter = answer.headers.get('retry-after')
    await answer.body?.cancel()
  } catch {
    status = 0
  }
  if (status === 404 || status === 410) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id))
    return 'gone'
  }
  if (status === 429 || status >= 500) return { retryAfterMs: retryAfterMs(retryAfter) }
  if (status < 200 || status > 299) {
    await db.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.id, device.id),
        sql`coalesce(${pushSubscriptions.lastSentAt}, ${pushSubscriptions.createdAt})
          < now() - make_interval(days => ${FAILING_DEVICE_DAYS})`,
      ),
    )
    return 'failed'
  }
  await db
    .update(pushSubscriptions)
    .set({ lastSentAt: sql`now()` })
    .where(eq(pushSubscriptions.id, device.id))
  return 'sent'
}
