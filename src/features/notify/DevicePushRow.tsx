import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { pushSupported } from '../../lib/web-push'
import { languageStore } from '../../state/language'
import { showToast } from '../../ui/toast'
import { SwitchRow } from '../user-center'
import { readDevicePush, turnPushOff, turnPushOn, type PushOnOutcome } from './push-device'
import { canSwitch, type DevicePush } from './push-state'

/** What the switch's line says in each state. */
const DEVICE_NOTES: Record<DevicePush, MessageDescriptor> = {
  on: msg({ id: 'notify.device.on', message: 'On: notifications reach this device even when the app is closed' }),
  off: msg({ id: 'notify.device.off', message: 'Off' }),
  denied: msg({
    id: 'notify.device.denied',
    message: "Blocked by the browser: allow notifications for this site in the browser's settings",
  }),
  'no-worker': msg({
    id: 'notify.device.noWorker',
    message: 'Not available in this window yet: reload the app once it has finished installing',
  }),
  unsupported: msg({
    id: 'notify.device.unsupported',
    message: 'This browser cannot receive push notifications. On iPhone, add the app to the Home Screen first.',
  }),
}

const SUBSCRIBE_FAILED = msg({
  id: 'notify.pushServiceFailed',
  message: 'This browser could not subscribe to push notifications (a private window cannot)',
})

/**
 * "Push notifications on this device": the state the browser reports (read again once a first visit's service worker
 * is ready), turned on or off with a tap where it can be. `onDevices` gets the account's device count the server
 * answers.
 */
export function DevicePushRow({ onDevices }: { onDevices: (devices: number) => void }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t, i18n } = useLingui()
  const { locale } = useSnapshot(languageStore)
  const [device, setDevice] = useState<DevicePush | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    let live = true
    const read = () => void readDevicePush().then((s) => live && setDevice(s))
    read()
    if (pushSupported()) void navigator.serviceWorker.ready.then(read)
    return () => void (live = false)
  }, [])

  const flip = async () => {
    if (busy || device === null || !canSwitch(device)) return
    setBusy(true)
    try {
      const r: PushOnOutcome = device === 'on' ? await turnPushOff(api) : await turnPushOn(api, locale)
      setDevice(r.state)
      if (r.devices !== undefined) onDevices(r.devices)
      if (r.failed === 'push-service') showToast(SUBSCRIBE_FAILED, 'error')
    } catch (err) {
      console.warn('push switch failed', err) // a failed call: the request layer has told the user why
      setDevice(await readDevicePush())
    } finally {
      setBusy(false)
    }
  }

  return (
    <SwitchRow
      icon="bell"
      label={t({ id: 'notify.device', message: 'Push notifications on this device' })}
      note={device === null ? undefined : i18n._(DEVICE_NOTES[device])}
      on={device === 'on'}
      disabled={device === null || !canSwitch(device) || busy}
      busy={busy}
      testId="push-device"
      onToggle={() => void flip()}
    />
  )
}
