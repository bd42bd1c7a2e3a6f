import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { describeFailure } from '../../api/problem'
import { appFormOptions, useAppForm } from '../../ui/form'
import { checkTexts } from './problem-text'

/** One password input of the form: the field name as the server names it, its label and its browser hint. */
export interface PasswordInput<K extends string> {
  name: K
  label: string
  autoComplete: string
  hint?: string
}

/**
 * The security center's password form, shared by the login-password and transaction-password screens: the proof
 * (current password), the new password with its policy hint, its confirmation, an optional note, the form's error
 * line and "Confirm". The new password must follow the length policy and match its confirmation; `send` gets the
 * values by their wire names and throws on refusal (placed under the field the server names).
 */
export function PasswordForm<K extends string>({
  proof,
  next,
  confirm,
  note,
  send,
}: {
  proof: PasswordInput<K>
  next: PasswordInput<K>
  confirm: PasswordInput<K>
  note?: ReactNode
  send: (values: Record<K, string>) => Promise<void>
}) {
  const inputs = [proof, next, confirm]
  const form = useAppForm(
    appFormOptions<Record<string, string>>({
      defaultValues: Object.fromEntries(inputs.map((i) => [i.name, ''])),
      check: (v) =>
        checkTexts(v, {
          required: inputs.map((i) => i.name),
          newPassword: { password: next.name, confirm: confirm.name },
        }),
      describe: describeFailure,
      send: (v) => send(v as Record<K, string>),
    }),
  )
  return (
    <form.AppForm>
      <form.Form className="sec-form">
        {inputs.map((input) => (
          <form.AppField key={input.name} name={input.name}>
            {(field) => <field.SecretField label={input.label} autoComplete={input.autoComplete} hint={input.hint} />}
          </form.AppField>
        ))}
        {note}
        <form.FormProblem />
        <form.SubmitButton>
          <Trans id="security.confirmChange">Confirm</Trans>
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  )
}
