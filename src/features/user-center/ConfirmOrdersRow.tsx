import { useLingui } from '@lingui/react/macro'
import { useSnapshot } from 'valtio'
import { askAgain, orderConfirmStore, stopAsking } from '../../state/order-confirm'
import { SwitchRow } from './MenuRow'

/**
 * "Confirm orders" with an on/off switch (issue 24 part 3): on, the spot and futures forms ask "Do you confirm the
 * order?" before each order; off after "Don't ask again" in either form (or here). Turning it on asks again in both.
 */
export function ConfirmOrdersRow() {
  const skips = useSnapshot(orderConfirmStore)
  const { t } = useLingui()
  const on = !skips.spot && !skips.futures
  const toggle = () => {
    if (!on) return askAgain()
    stopAsking('spot')
    stopAsking('futures')
  }
  return (
    <SwitchRow
      icon="check"
      label={t({ id: 'userCenter.confirmOrders', message: 'Confirm orders' })}
      on={on}
      onToggle={toggle}
    />
  )
}
