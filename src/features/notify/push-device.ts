/**
 * This device's Web Push subscription (issue 24 part 6; W3C Push API, VAPID RFC 8292): reading its state, turning it
 * on (permission, `pushManager.subscribe` with the server's key, `push/subscribe`) and off (`unsubscribe`, then
 * `push/unsubscribe`). The browser's answers go through push-state.ts, so what the screen shows is what is true.
 */
import type { PushSubscribeInput } from '../../../common/api/notify'
import type { Locale } from '../../../common/constants'
import type { Api } from '../../api'
import { appRegistration, base64UrlToBytes, pushSupported, sameBytes } from '../../lib/web-push'
import { devicePushState, type DevicePush } from './push-state'

type PushApi = Pick<Api, 'vapidKey' | 'pushSubscribe' | 'pushUnsubscribe'>

/** Why turning push on did not end `on`: the user said no (or closed the question), or the push service failed. */
export type PushOnOutcome = { state: DevicePush; devices?: number; failed?: 'push-service' | 'server' }

/** Reads this device's state from the browser (never rejects). */
export async function readDevicePush(): Promise<DevicePush> {
  const supported = pushSupported()
  const reg = supported ? await appRegistration() : undefined
  let subscribed = false
  if (reg?.pushManager) subscribed = (await reg.pushManager.getSubscription().catch(() => null)) !== null
  return devicePushState({
    supported,
    registered: reg !== undefined,
    permission: supported ? Notification.permission : null,
    subscribed,
  })
}

/** `PushSubscription.toJSON()` as push/subscribe takes it, with the interface language. */
export function subscribeInput(sub: PushSubscriptionJSON, lang: Locale): PushSubscribeInput {
  const keys = sub.keys ?? {}
  return { endpoint: sub.endpoint ?? '', keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' }, lang }
}

/**
 * Turns push on: asks for the permission (the browser's own question), subscribes with the server's VAPID key (a
 * subscription made with another key is replaced) and hands it to the server. A server refusal ends the subscription
 * again, so the switch never shows on for a device the server does not know.
 */
export async function turnPushOn(api: PushApi, lang: Locale): Promise<PushOnOutcome> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return { state: permission === 'denied' ? 'denied' : 'off' }
  const reg = await appRegistration()
  if (!reg?.pushManager) return { state: 'no-worker' }
  const key = base64UrlToBytes((await api.vapidKey()).public_key)
  let sub = await reg.pushManager.getSubscription()
  if (sub && !sameBytes(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe()
    sub = null
  }
  try {
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  } catch (err) {
    console.warn('push subscribe failed', err)
    return { state: 'off', failed: 'push-service' }
  }
  try {
    const { devices } = await api.pushSubscribe(subscribeInput(sub.toJSON(), lang))
    return { state: 'on', devices }
  } catch {
    await sub.unsubscribe().catch(() => false)
    return { state: 'off', failed: 'server' }
  }
}

/**
 * Turns push off: ends the subscription at the push service first (no more pushes here, whatever the server does),
 * then tells the server. Answers the devices left, or undefined when the server could not be told.
 */
export async function turnPushOff(api: PushApi): Promise<{ state: DevicePush; devices?: number }> {
  const reg = await appRegistration()
  const sub = await reg?.pushManager?.getSubscription()
  if (!sub) return { state: await readDevicePush() }
  const { endpoint } = sub
  await sub.unsubscribe().catch(() => false)
  const state = await readDevicePush()
  try {
    return { state, devices: (await api.pushUnsubscribe(endpoint)).devices }
  } catch {
    return { state }
  }
}
