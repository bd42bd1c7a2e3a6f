import { useLingui } from '@lingui/react/macro'
import type { AccountType } from '../../../common/api/account'
import { Tabs } from '../../ui/Tabs'

/** The E-mail / Phone tabs above the sign-in and registration forms. */
export function AccountTypeTabs({ value, onChange }: { value: AccountType; onChange: (type: AccountType) => void }) {
  const { t } = useLingui()
  return (
    <Tabs
      className="tabs--compact auth-tabs"
      value={value}
      onChange={onChange}
      tabs={[
        { value: 'email', label: t({ id: 'auth.tab.email', message: 'E-mail' }) },
        { value: 'phone', label: t({ id: 'auth.tab.phone', message: 'Phone' }) },
      ]}
    />
  )
}
