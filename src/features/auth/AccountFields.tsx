import { useLingui } from '@lingui/react/macro'
import { Field } from '../../ui/form/Field'
import { AreaCodePicker } from './AreaCodePicker'
import type { AccountDraft } from './validation'

/**
 * The account part of the sign-in and registration forms: the e-mail field, or the phone field with the area-code
 * picker in front.
 */
export function AccountFields({
  draft,
  onChange,
  error,
  autoFocus,
}: {
  draft: AccountDraft
  onChange: (patch: Partial<AccountDraft>) => void
  /** Translated problem of the e-mail or phone, or empty. */
  error: string | undefined
  /** Focus the field on mount (after a tab switch, not on page load: no keyboard popping up unasked). */
  autoFocus?: boolean
}) {
  const { t } = useLingui()
  if (draft.type === 'email') {
    return (
      <Field
        label={t({ id: 'auth.email', message: 'E-mail' })}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t({ id: 'auth.email.placeholder', message: 'name@example.com' })}
        value={draft.email}
        onChange={(email) => onChange({ email })}
        error={error}
        autoFocus={autoFocus}
        maxLength={254}
      />
    )
  }
  return (
    <Field
      label={t({ id: 'auth.phone', message: 'Phone number' })}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      value={draft.phone}
      onChange={(phone) => onChange({ phone })}
      error={error}
      autoFocus={autoFocus}
      maxLength={20}
      prefix={<AreaCodePicker value={draft.areaCode} onChange={(areaCode) => onChange({ areaCode })} />}
    />
  )
}
