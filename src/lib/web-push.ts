/**
 * Web Push plumbing shared by the notification settings and the sign-out (issue 24 part 6): the VAPID key from its
 * base64url text (RFC 8292 §3.2) to the bytes `PushManager.subscribe` takes, and this device's subscription found
 * through the app's service-worker registration. No React here.
 */

/**
 * Decodes base64url text (RFC 4648 §5; padding optional, standard `+` `/` also read) to its bytes: the VAPID public
 * key "BEl6…" → the 65-byte uncompressed P-256 point.
 * @throws Error when `text` holds a character outside the alphabet or has an impossible length
 */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const body = text.trim().replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/')
  if (!/^[A-Za-z0-9+/]*$/.test(body) || body.length % 4 === 1) throw new Error('not base64url text')
  const binary = atob(body + '='.repeat((4 - (body.length % 4)) % 4))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** True when the two byte sequences are equal (an existing subscription's key against the server's). */
export function sameBytes(a: ArrayBuffer | ArrayBufferView | null | undefined, b: Uint8Array): boolean {
  if (!a) return false
  const x = a instanceof ArrayBuffer ? new Uint8Array(a) : new Uint8Array(a.buffer, a.byteOffset, a.byteLength)
  return x.length === b.length && x.every((v, i) => v === b[i])
}

/** True when this browser has the Push API, service workers and notifications at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator
  )
}

/** The app's service-worker registration, or undefined when none is registered (yet) or none can be. */
export async function appRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined
  try {
    return await navigator.serviceWorker.getRegistration()
  } catch {
    return undefined
  }
}

/** This device's push subscription, or null (none, or no Push API or registration). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await appRegistration()
  if (!reg?.pushManager) return null
  try {
    return await reg.pushManager.getSubscription()
  } catch {
    return null
  }
}

/**
 * Ends this device's push subscription at the push service (sign-out: the next person on the phone must not get the
 * last one's notifications; the server forgets an endpoint the push service no longer accepts). Never rejects.
 * @returns the endpoint ended, or null when there was none
 */
export async function endDevicePush(): Promise<string | null> {
  const sub = await currentSubscription()
  if (!sub) return null
  try {
    await sub.unsubscribe()
  } catch {
    // The push service may be unreachable: the subscription then ends at the next sign-in's subscribe.
  }
  return sub.endpoint
}
