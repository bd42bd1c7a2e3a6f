import { useLingui } from '@lingui/react/macro'
import type { AnyFormApi } from '@tanstack/react-form'
import { useStore } from '@tanstack/react-form'
import { useEffect, useId, useState, type ReactNode } from 'react'
import { withFieldGroup } from '../../ui/form'
import { AccountFields } from './AccountFields'
import { AccountTypeTabs } from './AccountTypeTabs'
import { CodeField } from './CodeField'
import { PASSWORD_MIN } from '../../../common/api/account'
import { useSendCode } from './use-send-code'
import type { AccountDraft } from './validation'

const ACCOUNT: AccountDraft = { type: 'email', email: '', area_code: '', phone: '' }
const ACCOUNT_FIELDS = { type: 'type', email: 'email', area_code: 'area_code', phone: 'phone' } as const

/**
 * The account part of the sign-in, registration and forgot-password forms: the E-mail / Phone tabs, then the fields'
 * column with the address (the e-mail, or the area code and phone) followed by `children`, the form's other fields.
 * A tab switch focuses the new field.
 */
export const AccountSection = withFieldGroup({
  defaultValues: ACCOUNT,
  props: { children: null as ReactNode },
  render: function AccountSectionView({ group, children }) {
    const [switched, setSwitched] = useState(false)
    const type = useStore(group.store, (s) => s.values.type)
    return (
      <>
        <AccountTypeTabs
          value={type}
          onChange={(next) => {
            group.setFieldValue('type', next)
            setSwitched(true)
          }}
        />
        <div className="auth-form__fields">
          <AccountFields form={group} fields={ACCOUNT_FIELDS} autoFocus={switched} />
          {children}
        </div>
      </>
    )
  },
})

/**
 * The verification code of the registration and forgot-password forms, with its Send button and countdown: a code
 * for the form's address, asked of user/send_code (`purpose` register) or user/forgot_password (`reset_password`).
 * A code belongs to the address it went to, so editing the address allows a new one at once.
 */
export const CodeSection = withFieldGroup({
  defaultValues: { ...ACCOUNT, code: '' },
  props: { purpose: 'register' as 'register' | 'reset_password' },
  render: function CodeSectionView({ group, purpose }) {
    const codeId = useId()
    const code = useSendCode(
      group.form as unknown as AnyFormApi,
      () => document.getElementById(codeId)?.focus(),
      purpose,
    )
    const account = useStore(
      group.store,
      (s) => `${s.values.type}|${s.values.email}|${s.values.area_code}|${s.values.phone}`,
    )
    const { reset: resetCode } = code
    useEffect(() => resetCode(), [account, resetCode])
    return (
      <group.AppField name="code">
        {() => (
          <CodeField
            id={codeId}
            sent={code.sent}
            sending={code.sending}
            left={code.left}
            onSend={() => void code.send(group.store.state.values)}
          />
        )}
      </group.AppField>
    )
  },
})

/**
 * A new login password and its confirmation (registration, forgot password), under `label` and `confirmLabel`, with
 * the password rule as the first field's hint.
 */
export const NewPasswordSection = withFieldGroup({
  defaultValues: { password: '', re_password: '' },
  props: { label: '', confirmLabel: '' },
  render: function NewPasswordSectionView({ group, label, confirmLabel }) {
    const { t } = useLingui()
    const min = PASSWORD_MIN
    return (
      <>
        <group.AppField name="password">
          {(field) => (
            <field.SecretField
              label={label}
              autoComplete="new-password"
              hint={t({
                id: 'auth.password.rule',
                message: `At least ${min} characters. A phrase of several words is easy to remember and hard to guess.`,
              })}
              maxLength={128}
            />
          )}
        </group.AppField>
        <group.AppField name="re_password">
          {(field) => <field.SecretField label={confirmLabel} autoComplete="new-password" maxLength={128} />}
        </group.AppField>
      </>
    )
  },
})

/** The field names of NewPasswordSection in the forms. */
export const NEW_PASSWORD_FIELDS = { password: 'password', re_password: 're_password' } as const

/** The field names of AccountSection and CodeSection in the forms (the same as the wire's). */
export const CODE_FIELDS = { ...ACCOUNT_FIELDS, code: 'code' } as const
export { ACCOUNT_FIELDS }
