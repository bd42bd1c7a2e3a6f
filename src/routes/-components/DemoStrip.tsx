import { useLingui } from '@lingui/react/macro'
import { useSnapshot } from 'valtio'
import { tokenStore } from '../../state/token'
import { userStore } from '../../state/user'
import { Icon } from '../../ui/Icon'

/**
 * The "Demo" strip over every screen while the session acts on the demo book: a thin band at the top of the page,
 * in the flow (the headers stick below it, shell.css), so it covers nothing and no one takes virtual balances for real
 * ones.
 */
export function DemoStrip() {
  const { value: token } = useSnapshot(tokenStore)
  const { info } = useSnapshot(userStore)
  const { t } = useLingui()
  if (!token || info?.book !== 'demo') return null
  return (
    <div className="demo-strip" role="status">
      <Icon name="flask" size={14} />
      <strong>{t({ id: 'demo.badge', message: 'Demo' })}</strong>
      <span>{t({ id: 'demo.stripText', message: 'Simulation account, virtual funds' })}</span>
    </div>
  )
}
