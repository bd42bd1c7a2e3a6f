import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import type { NotifyKind, NotifySettings } from '../../../common/api/notify'
import type { IconName } from '../../ui/Icon'
import { MenuGroup, SwitchRow } from '../user-center'
import { DevicePushRow } from './DevicePushRow'
import { kindSwitches, withKind } from './push-state'
import './notify.css'

/** The label of each kind's switch (issue 24 part 6; "Option" is the app's name of a second contract). */
const KIND_LABELS: Record<NotifyKind, MessageDescriptor> = {
  price_alert: msg({ id: 'notify.kind.priceAlert', message: 'Price alerts' }),
  order_filled: msg({ id: 'notify.kind.orderFilled', message: 'Order fills' }),
  tpsl: msg({ id: 'notify.kind.tpsl', message: 'Take-profit / stop-loss' }),
  liquidation: msg({ id: 'notify.kind.liquidation', message: 'Liquidations' }),
  contract_settled: msg({ id: 'notify.kind.contractSettled', message: 'Option settlements' }),
  deposit: msg({ id: 'notify.kind.deposit', message: 'Deposits' }),
  withdrawal: msg({ id: 'notify.kind.withdrawal', message: 'Withdrawals' }),
}

/**
 * The notification settings (issue 24 part 6): push on this device (feature-detected, with the browser's own
 * permission question), how many devices of the account receive pushes, and one switch per kind of event, saved on
 * the server at once. In-app messages show while the app is open, whatever is chosen here.
 */
export function NotifySettingsPanel({ initial }: { initial: NotifySettings }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t, i18n } = useLingui()
  const [settings, setSettings] = useState(initial)

  const flipKind = (kind: NotifyKind, on: boolean) => {
    setSettings((s) => withKind(s, kind, on))
    api.saveNotifySettings({ [kind]: on }).then(
      (answer) => setSettings(answer),
      () => setSettings((s) => withKind(s, kind, !on)), // the request layer has said why
    )
  }

  const onDevices = useCallback((devices: number) => setSettings((s) => ({ ...s, devices })), [])
  const { devices } = settings
  return (
    <>
      <h2 className="notify-heading">
        <Trans id="notify.groupDevice">This device</Trans>
      </h2>
      <MenuGroup label={t({ id: 'notify.groupDevice', message: 'This device' })}>
        <DevicePushRow onDevices={onDevices} />
      </MenuGroup>
      <p className="notify-devices" data-testid="push-devices">
        {devices === 0 ? (
          <Trans id="notify.devicesNone">No device of your account receives push notifications.</Trans>
        ) : (
          <Trans id="notify.devices">Devices of your account receiving push notifications: {devices}</Trans>
        )}
      </p>
      <h2 className="notify-heading">
        <Trans id="notify.groupKinds">Notify me about</Trans>
      </h2>
      <MenuGroup label={t({ id: 'notify.groupKinds', message: 'Notify me about' })}>
        {kindSwitches(settings.kinds).map(({ kind, on }) => (
          <SwitchRow
            key={kind}
            icon={KIND_ICONS[kind]}
            label={i18n._(KIND_LABELS[kind])}
            on={on}
            testId={`notify-kind-${kind}`}
            onToggle={() => flipKind(kind, !on)}
          />
        ))}
      </MenuGroup>
      <p className="notify-devices">
        <Trans id="notify.inAppNote">
          These choices are for push notifications. While the app is open, it shows every event as a message.
        </Trans>
      </p>
    </>
  )
}

const KIND_ICONS = {
  price_alert: 'bell',
  order_filled: 'check',
  tpsl: 'shield',
  liquidation: 'warning',
  contract_settled: 'micro',
  deposit: 'download',
  withdrawal: 'upload',
} as const satisfies Record<NotifyKind, IconName>
