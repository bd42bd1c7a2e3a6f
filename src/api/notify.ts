/**
 * Price alerts, Web Push subscriptions and notification settings (issue 24 part 6): the calls of
 * common/api/notify.ts, answers parsed with its schemas. All but `vapidKey` need a session.
 */
import type * as z from 'zod/mini'
import {
  alertListSchema,
  notifySettingsSchema,
  priceAlertSchema,
  pushDevicesSchema,
  vapidKeySchema,
  type AlertCreateInput,
  type AlertList,
  type NotifyKind,
  type NotifySettings,
  type PriceAlert,
  type PushSubscribeInput,
  type VapidKey,
} from '../../common/api/notify'
import type { Params } from './request'
import type { CallOptions, Caller } from './public'

/** How many devices of the account receive pushes (answer of push/subscribe and push/unsubscribe). */
export type PushDevices = z.infer<typeof pushDevicesSchema>

export interface NotifyApi {
  /** POST alert/create: a price alert; refused under `price` when the last price already meets it. */
  alertCreate(input: AlertCreateInput, opts?: CallOptions): Promise<PriceAlert>
  /** GET alert/list: the account's alerts on `symbol` (every market's when left out), active first. */
  alertList(symbol?: string, opts?: CallOptions): Promise<AlertList>
  /** POST alert/delete: removes alert `id`; answers the account's alerts left. */
  alertDelete(id: number, opts?: CallOptions): Promise<AlertList>
  /** GET push/vapid_key (public): the application server key for `PushManager.subscribe`, base64url. */
  vapidKey(opts?: CallOptions): Promise<VapidKey>
  /** POST push/subscribe: this device's push subscription (`PushSubscription.toJSON()`) and its language. */
  pushSubscribe(input: PushSubscribeInput, opts?: CallOptions): Promise<PushDevices>
  /** POST push/unsubscribe: forgets this device's subscription by its endpoint. */
  pushUnsubscribe(endpoint: string, opts?: CallOptions): Promise<PushDevices>
  /** GET notify/settings: which kinds are pushed, and how many devices receive pushes. */
  notifySettings(opts?: CallOptions): Promise<NotifySettings>
  /** POST notify/settings: changes the kinds given (the others keep their value). */
  saveNotifySettings(kinds: Partial<Record<NotifyKind, boolean>>, opts?: CallOptions): Promise<NotifySettings>
}

/** Builds the notification calls. */
export function createNotifyApi(call: Caller): NotifyApi {
  const p = (input: object) => input as Params
  return {
    alertCreate: (input, opts) => call.postAuth('alert/create', priceAlertSchema, p(input), opts),
    alertList: (symbol, opts) =>
      call.getAuth('alert/list', alertListSchema, symbol === undefined ? undefined : { symbol }, opts),
    alertDelete: (id, opts) => call.postAuth('alert/delete', alertListSchema, { id }, opts),
    vapidKey: (opts) => call.get('push/vapid_key', vapidKeySchema, undefined, opts),
    pushSubscribe: (input, opts) => call.postAuth('push/subscribe', pushDevicesSchema, p(input), opts),
    pushUnsubscribe: (endpoint, opts) => call.postAuth('push/unsubscribe', pushDevicesSchema, { endpoint }, opts),
    notifySettings: (opts) => call.getAuth('notify/settings', notifySettingsSchema, undefined, opts),
    saveNotifySettings: (kinds, opts) => call.postAuth('notify/settings', notifySettingsSchema, p({ kinds }), opts),
  }
}
