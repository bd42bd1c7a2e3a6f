/** Price alerts, Web Push subscriptions and notification settings (issue 24 part 6; common/api/notify.ts). */
import {
  alertCreateInput,
  alertDeleteInput,
  alertListQuery,
  alertListSchema,
  notifySettingsInput,
  notifySettingsSchema,
  priceAlertSchema,
  pushDevicesSchema,
  pushSubscribeInput,
  pushUnsubscribeInput,
  vapidKeySchema,
} from '../../../common/api/notify'
import { DEFAULT_PUSH_HOSTS, type ServerConfig } from '../../config'
import { createAlert, deleteAlert, listAlerts } from '../../notify/alerts'
import { saveSettings, settingsOf, subscribePush, unsubscribePush, vapidPair } from '../../notify/push'
import type { AppDeps } from '../deps'
import { defineRoute, type ApiRoute } from '../route'

function pushOf(deps: AppDeps): ServerConfig['push'] {
  return deps.push ?? { subject: 'mailto:operator@tc-market.invalid', endpointHosts: DEFAULT_PUSH_HOSTS }
}

export const alertCreateRoute = defineRoute({
  method: 'POST',
  path: 'alert/create',
  summary:
    'Creates a price alert: fires once when the last price of `symbol` rises to `price` (`above`) or falls to it (`below`); refused when already met (`price`), at most 50 active',
  auth: 'user',
  input: alertCreateInput,
  data: priceAlertSchema,
  handler: ({ deps, session, body }) => createAlert(deps.db, deps.market, session.userId, body),
})

export const alertListRoute = defineRoute({
  path: 'alert/list',
  summary: "The caller's price alerts (of `symbol`, or all): every active one, then the last 20 fired",
  auth: 'user',
  input: alertListQuery,
  data: alertListSchema,
  handler: ({ deps, session, query }) => listAlerts(deps.db, session.userId, query.symbol),
})

export const alertDeleteRoute = defineRoute({
  method: 'POST',
  path: 'alert/delete',
  summary: "Deletes the caller's price alert `id`; answers the caller's alerts of its market",
  auth: 'user',
  input: alertDeleteInput,
  data: alertListSchema,
  handler: ({ deps, session, body }) => deleteAlert(deps.db, session.userId, body.id),
})

export const vapidKeyRoute = defineRoute({
  path: 'push/vapid_key',
  summary: "The server's VAPID public key (base64url) for PushManager.subscribe's applicationServerKey",
  data: vapidKeySchema,
  handler: async ({ deps }) => ({ public_key: (await vapidPair(deps.db, pushOf(deps))).publicKey }),
})

export const pushSubscribeRoute = defineRoute({
  method: 'POST',
  path: 'push/subscribe',
  summary:
    "Registers this device's push subscription (PushSubscription.toJSON() and `lang`) for the caller; the endpoint must be a known push service",
  auth: 'user',
  input: pushSubscribeInput,
  data: pushDevicesSchema,
  handler: ({ deps, session, body }) => subscribePush(deps.db, pushOf(deps).endpointHosts, session, body),
})

export const pushUnsubscribeRoute = defineRoute({
  method: 'POST',
  path: 'push/unsubscribe',
  summary: "Removes the caller's push subscription `endpoint`",
  auth: 'user',
  input: pushUnsubscribeInput,
  data: pushDevicesSchema,
  handler: ({ deps, session, body }) => unsubscribePush(deps.db, session.userId, body.endpoint),
})

export const notifySettingsRoute = defineRoute({
  path: 'notify/settings',
  summary: 'Which kinds of notification are pushed to the caller, and to how many devices',
  auth: 'user',
  data: notifySettingsSchema,
  handler: ({ deps, session }) => settingsOf(deps.db, session.userId),
})

export const saveNotifySettingsRoute = defineRoute({
  method: 'POST',
  path: 'notify/settings',
  summary: 'Turns the kinds named in `kinds` on or off (the others keep their value)',
  auth: 'user',
  input: notifySettingsInput,
  data: notifySettingsSchema,
  handler: ({ deps, session, body }) => saveSettings(deps.db, session.userId, body.kinds),
})

export const NOTIFY_ROUTES: readonly ApiRoute[] = [
  alertCreateRoute,
  alertListRoute,
  alertDeleteRoute,
  vapidKeyRoute,
  pushSubscribeRoute,
  pushUnsubscribeRoute,
  notifySettingsRoute,
  saveNotifySettingsRoute,
]
