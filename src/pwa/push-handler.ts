/**
 * What the service worker (src/sw.ts) does with a Web Push message and with a tap on the notification it shows
 * (issue 24 part 6). Pure logic over the few members of the worker's globals it needs, so tests drive it with fakes
 * and no browser (tests/unit/sw-push.test.ts).
 *
 * - A push (W3C Push API, `PushEvent.data`) carries the JSON of `pushPayloadSchema` (common/api/notify.ts), already in
 *   the subscription's language. It becomes `registration.showNotification(title, {body, tag, icon, data: {url}})`
 *   (WHATWG Notifications API §2.4, `NotificationOptions`).
 * - A payload that is missing, not JSON or not of that shape still shows a notification: one titled with the app's
 *   name only, no body, opening the app's start. Showing nothing is not an option a page may take: a push
 *   subscription is made with `userVisibleOnly: true`, and a push that ends without a notification makes Chrome show
 *   its own "This site has been updated in the background" and Safari revoke the subscription after a few. Its text
 *   is never taken from the bad payload, so nothing of it reaches the user; its fixed tag makes repeats replace one
 *   another instead of piling up.
 * - A tap (`notificationclick`) opens the notification's `data.url`, an app path, resolved against the worker's
 *   origin: an absolute URL, a protocol-relative `//host` or `/\host`, anything that leaves the origin, opens `/`
 *   instead. An open window of the app is focused and navigated there; with none, a new one opens
 *   (`Clients.openWindow`, Service Workers §4.3).
 */
import { pushPayloadSchema, type NotifyKind } from '../../common/api/notify'

/** The app's name (manifest.webmanifest `short_name`): the title of a notification whose payload is unreadable. */
export const APP_NAME = 'TC Market'

/** The tag of that notification: one at a time, however many bad pushes arrive. */
export const GENERIC_TAG = 'tc-market'

/** Where a tap goes when the notification names no usable app path: the app's root (it opens the start screen). */
export const FALLBACK_PATH = '/'

/** The notification icon: the manifest's 192 px "any" icon (public/icons). There is no monochrome badge image. */
export const NOTIFICATION_ICON = '/icons/icon-192.png'

/** What `Notification.data` holds for a notification this worker shows. */
export interface NotificationData {
  /** The app path a tap opens (starts with "/"). */
  url: string
  /** The event's kind; absent on the generic notification. */
  kind?: NotifyKind
}

/** The arguments of `ServiceWorkerRegistration.showNotification(title, options)`. */
export interface NotificationSpec {
  title: string
  options: NotificationOptions & { data: NotificationData }
}

/** The part of `PushMessageData` read here (W3C Push API §11.1): `json()` throws on a body that is not JSON. */
export interface PushDataLike {
  json(): unknown
}

/** The part of `ServiceWorkerRegistration` used to show a notification. */
export interface RegistrationLike {
  showNotification(title: string, options?: NotificationOptions): Promise<void>
}

/** The part of `WindowClient` (Service Workers §4.2) used on a tap. */
export interface WindowClientLike {
  readonly url: string
  readonly focused: boolean
  focus(): Promise<WindowClientLike>
  navigate(url: string): Promise<WindowClientLike | null>
}

/** The part of `Clients` (Service Workers §4.3) used on a tap. */
export interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>
  openWindow(url: string): Promise<unknown>
}

/** The notification shown when a push's payload cannot be read: app name, no body, opens {@link FALLBACK_PATH}. */
function genericNotification(): NotificationSpec {
  return { title: APP_NAME, options: { tag: GENERIC_TAG, icon: NOTIFICATION_ICON, data: { url: FALLBACK_PATH } } }
}

/**
 * The notification for a push message: from a payload of `pushPayloadSchema` its title, body, tag and url (in
 * `data.url`), with the app icon; from a missing, non-JSON or invalid payload the generic one (title {@link APP_NAME},
 * tag {@link GENERIC_TAG}, url {@link FALLBACK_PATH}). Never throws.
 *
 * @param data `PushEvent.data` (null when the message had no payload).
 */
export function notificationFromPush(data: PushDataLike | null | undefined): NotificationSpec {
  let json: unknown
  try {
    json = data?.json()
  } catch {
    return genericNotification()
  }
  const parsed = pushPayloadSchema.safeParse(json)
  if (!parsed.success) return genericNotification()
  const { title, body, tag, url, kind } = parsed.data
  return { title, options: { body, tag, icon: NOTIFICATION_ICON, data: { url, kind } } }
}

/**
 * Shows the notification of a push message (see {@link notificationFromPush}); what `push`'s `event.waitUntil` waits
 * for. Rejects only if the browser refuses to show it (e.g. notification permission withdrawn).
 */
export function showPush(registration: RegistrationLike, data: PushDataLike | null | undefined): Promise<void> {
  const { title, options } = notificationFromPush(data)
  return registration.showNotification(title, options)
}

/**
 * The absolute URL a tap may open: `url` resolved against `origin` when it is a string starting with "/" that stays
 * on that origin, else `origin` + {@link FALLBACK_PATH}.
 *
 * @param url `Notification.data.url` (any value: old notifications or another version's data).
 * @param origin The worker's origin, `self.location.origin`.
 */
export function appUrl(url: unknown, origin: string): string {
  const fallback = new URL(FALLBACK_PATH, origin).href
  if (typeof url !== 'string' || !url.startsWith('/')) return fallback
  let resolved: URL
  try {
    resolved = new URL(url, origin)
  } catch {
    return fallback
  }
  return resolved.origin === new URL(origin).origin ? resolved.href : fallback
}

/**
 * Opens the app at a notification's `data.url` (see {@link appUrl}) after a tap: the focused window of the app, or
 * else its first one, is focused and navigated there (left as it is when already there); with no window open, or one
 * that cannot be navigated (not controlled by this worker), a new window opens. What `notificationclick`'s
 * `event.waitUntil` waits for.
 *
 * @param clients The worker's `self.clients`.
 * @param data `Notification.data` of the tapped notification.
 * @param origin The worker's origin, `self.location.origin`.
 */
export async function openFromNotification(clients: ClientsLike, data: unknown, origin: string): Promise<void> {
  const url = appUrl((data as Partial<NotificationData> | null | undefined)?.url, origin)
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (w) => new URL(w.url).origin === new URL(origin).origin,
  )
  const client = windows.find((w) => w.focused) ?? windows[0]
  if (client) {
    try {
      const focused = await client.focus()
      if (focused.url !== url) await focused.navigate(url)
      return
    } catch {
      // Not controlled by this worker (navigate throws) or no longer there: a window of its own instead.
    }
  }
  await clients.openWindow(url)
}
