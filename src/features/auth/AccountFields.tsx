import { useLingui } from '@lingui/react/macro'
import { useStore } from '@tanstack/react-form'
import { withFieldGroup } from '../../ui/form'
import { AreaCodePicker } from './AreaCodePicker'
import type { AccountDraft } from './validation'

const ACCOUNT_DEFAULTS: AccountDraft = { type: 'email', email: '', area_code: '', phone: '' }

/**
 * The account part of the sign-in and registration forms: the e-mail field, or the phone field with the area-code
 * picker in front. `autoFocus` focuses the field on mount (after a tab switch, not on page load: no keyboard
 * popping up unasked).
 */
export const AccountFields = withFieldGroup({
  defaultValues: ACCOUNT_DEFAULTS,
  props: { autoFocus: false as boolean },
  render: function AccountFieldsView({ group, autoFocus }) {
    const { t } = useLingui()
    const type = useStore(group.store, (s) => s.values.type)
    const areaCode = useStore(group.store, (s) => s.values.area_code)
    if (type === 'email') {
      return (
        <group.AppField name="email">
          {(field) => (
            <field.TextField
              key="email"
              label={t({ id: 'auth.email', message: 'E-mail' })}
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t({ id: 'auth.email.placeholder', message: 'name@example.com' })}
              autoFocus={autoFocus}
              maxLength={254}
            />
          )}
        </group.AppField>
      )
    }
    return (
      <group.AppField name="phone">
        {(field) => (
          <field.TextField
            key="phone"
            label={t({ id: 'auth.phone', message: 'Phone number' })}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            autoFocus={autoFocus}
            maxLength={20}
            prefix={<AreaCodePicker value={areaCode} onChange={(code) => group.setFieldValue('area_code', code)} />}
          />
        )}
      </group.AppField>
    )
  },
})
