/**
 * Price alerts, Web Push subscriptions and notification settings (issue 24 part 6).
 *
 * - `POST alert/create {symbol, direction, price}` → {@link PriceAlert}: fires once when the market's last price
 *   reaches `price` from below (`above`) or from above (`below`); an alert already met at creation is refused
 *   (`price` named), as Binance's and OKX's alerts refuse a target on the wrong side of the current price.
 * - `GET alert/list?symbol=` → {@link AlertList}: the account's alerts (active first, then the last fired ones).
 * - `POST alert/delete {id}` → {@link AlertList}: the account's alerts of the deleted one's market.
 * - `GET push/vapid_key` (public) → {@link VapidKey}: the application server key for `PushManager.subscribe`.
 * - `POST push/subscribe {endpoint, keys: {p256dh, auth}, lang}` / `POST push/unsubscribe {endpoint}`: this device's
 *   push subscription (W3C Push API `PushSubscription.toJSON()`), kept per account.
 * - `GET notify/settings` / `POST notify/settings {kinds}` → {@link NotifySettings}: which events are pushed.
 *
 * A fired alert also reaches the user stream as a `notices` event `price_alert` (the in-app toast).
 * Prices are decimal strings in the market's quote currency.
 */
import * as z from 'zod/mini'
import { LOCALES } from '../constants'
import { decimalString } from '../amount/schema'
import { idSchema, NO_NUL } from './ids'

/** `above`: fires when the last price rises to `price` or higher; `below`: falls to it or lower. */
export const ALERT_DIRECTIONS = ['above', 'below'] as const
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number]

/** Active alerts an account may hold, over all markets (Binance allows 50 per account too). */
export const MAX_ACTIVE_ALERTS = 50

/** A positive decimal string, at most 18 decimals (no exponent, no leading zeros). */
const priceText = decimalString({ maxScale: 18, sign: 'positive' })

/** POST alert/create. */
export const alertCreateInput = z.object({
  symbol: z.string().check(z.regex(/^[A-Za-z0-9-]{1,32}$/)),
  direction: z.enum(ALERT_DIRECTIONS),
  price: priceText,
})
export type AlertCreateInput = z.infer<typeof alertCreateInput>

/** GET alert/list: one market's alerts, or every market's when `symbol` is left out. */
export const alertListQuery = z.object({ symbol: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{1,32}$/))) })

/** POST alert/delete. */
export const alertDeleteInput = z.object({ id: idSchema })

/** One price alert. Times are ms since the epoch. */
export const priceAlertSchema = z.object({
  id: z.number(),
  symbol: z.string(),
  direction: z.enum(ALERT_DIRECTIONS),
  price: z.string(),
  state: z.enum(['active', 'fired']),
  created_at: z.number(),
  fired_at: z.nullable(z.number()),
  /** The last price that fired it. */
  fired_price: z.nullable(z.string()),
})
export type PriceAlert = z.infer<typeof priceAlertSchema>

export const alertListSchema = z.object({ list: z.array(priceAlertSchema) })
export type AlertList = z.infer<typeof alertListSchema>

/** GET push/vapid_key: the VAPID public key, base64url of the uncompressed P-256 point (RFC 8292 §3.2). */
export const vapidKeySchema = z.object({ public_key: z.string() })
export type VapidKey = z.infer<typeof vapidKeySchema>

/** POST push/subscribe: `PushSubscription.toJSON()` plus the language notifications are written in. */
export const pushSubscribeInput = z.object({
  endpoint: z.string().check(z.maxLength(2048), z.regex(/^https?:\/\/\S+$/), z.regex(NO_NUL)),
  keys: z.object({
    /** The subscription's P-256 public key, base64url (65 bytes uncompressed). */
    p256dh: z.string().check(z.regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/)),
    /** The 16-byte auth secret, base64url. */
    auth: z.string().check(z.regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/)),
  }),
  lang: z.optional(z.enum(LOCALES)),
})
export type PushSubscribeInput = z.infer<typeof pushSubscribeInput>

/** POST push/unsubscribe. */
export const pushUnsubscribeInput = z.object({ endpoint: z.string().check(z.maxLength(2048), z.regex(NO_NUL)) })

/** Answer of push/subscribe and push/unsubscribe: how many devices of the account receive pushes now. */
export const pushDevicesSchema = z.object({ devices: z.number() })

/**
 * What can be pushed: a fired price alert, a filled (or partly filled) order, a position closed by its TP/SL, a
 * liquidation, a settled second contract, a credited deposit, a reviewed withdrawal.
 */
export const NOTIFY_KINDS = [
  'price_alert',
  'order_filled',
  'tpsl',
  'liquidation',
  'contract_settled',
  'deposit',
  'withdrawal',
] as const
export type NotifyKind = (typeof NOTIFY_KINDS)[number]

/** Notification settings: each kind pushed or not (all on until changed). */
export const notifySettingsSchema = z.object({
  kinds: z.record(z.enum(NOTIFY_KINDS), z.boolean()),
  /** Devices of the account with a push subscription. */
  devices: z.number(),
})
export type NotifySettings = z.infer<typeof notifySettingsSchema>

/** POST notify/settings: the kinds to change (others keep their value). */
export const notifySettingsInput = z.object({ kinds: z.partialRecord(z.enum(NOTIFY_KINDS), z.boolean()) })

/**
 * The JSON a push message carries (encrypted, RFC 8291) and the service worker shows: `title` and `body` already in
 * the subscription's language, `url` the app path a tap opens, `tag` one per event (a repeat replaces, not adds).
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string().check(z.regex(/^\/[^/]/)),
  tag: z.string(),
  kind: z.enum(NOTIFY_KINDS),
})
export type PushPayload = z.infer<typeof pushPayloadSchema>
