/**
 * The notification settings' state as pure functions (issue 24 part 6): what the device's push switch shows from
 * what the browser says, and the per-kind switches from the server's settings (a kind never set is on).
 */
import { NOTIFY_KINDS, type NotifyKind, type NotifySettings } from '../../../common/api/notify'

/**
 * This device's push notifications:
 * - `unsupported`: no Push API, service worker or Notification here (an old browser; Safari on iPhone outside an
 *   app added to the home screen);
 * - `denied`: notifications for this site are blocked in the browser (only the user can lift that, in its settings);
 * - `no-worker`: the app's service worker is not registered in this window (first visit still installing it, a
 *   private window that refuses it): nothing here could receive a push now;
 * - `off` / `on`: whether this device holds a push subscription with notifications allowed.
 */
export type DevicePush = 'unsupported' | 'denied' | 'no-worker' | 'off' | 'on'

/** What the browser says about push on this device. */
export interface PushFacts {
  /** `PushManager`, `serviceWorker` and `Notification` exist. */
  supported: boolean
  /** The app's service worker is registered. */
  registered: boolean
  /** `Notification.permission`, null where there is no Notification. */
  permission: NotificationPermission | null
  /** `pushManager.getSubscription()` found one. */
  subscribed: boolean
}

/** The switch's state from the browser's facts (a blocked permission wins over a stale subscription). */
export function devicePushState(f: PushFacts): DevicePush {
  if (!f.supported) return 'unsupported'
  if (f.permission === 'denied') return 'denied'
  if (!f.registered) return 'no-worker'
  return f.subscribed && f.permission === 'granted' ? 'on' : 'off'
}

/** True when the switch can be flipped by a tap (the other states say what to do instead). */
export function canSwitch(state: DevicePush): boolean {
  return state === 'on' || state === 'off'
}

/** One switch per kind, in NOTIFY_KINDS order; a kind missing from the answer is on (the server's default). */
export function kindSwitches(kinds: Partial<Record<NotifyKind, boolean>>): { kind: NotifyKind; on: boolean }[] {
  return NOTIFY_KINDS.map((kind) => ({ kind, on: kinds[kind] ?? true }))
}

/** `settings` with `kind` set to `on` (the switch moves at once; the server's answer then replaces it). */
export function withKind(settings: NotifySettings, kind: NotifyKind, on: boolean): NotifySettings {
  return { ...settings, kinds: { ...settings.kinds, [kind]: on } }
}
