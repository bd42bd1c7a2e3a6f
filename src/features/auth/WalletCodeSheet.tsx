import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { appFormOptions, useAppForm } from '../../ui/form'
import { Sheet } from '../../ui/Sheet'
import { useSecondFactorProps } from './second-factor'

/**
 * The second step of a wallet sign-in when the account has two-factor authentication (issue 24 part 7): the
 * authenticator's code or a recovery code, sent with the same signed message. `onCode(null)` = given up.
 */
export function WalletCodeSheet({ open, onCode }: { open: boolean; onCode: (code: string | null) => void }) {
  const { t } = useLingui()
  const codeProps = useSecondFactorProps(true)
  const form = useAppForm(
    appFormOptions({
      defaultValues: { totp_code: '' },
      check: (v) => ({
        totp_code: v.totp_code ? undefined : msg({ id: 'twoFactor.codeNeeded', message: 'Enter a code' }),
      }),
      describe: () => ({ field: null, text: null }),
      send: async (v) => {
        onCode(v.totp_code)
        form.reset()
        await Promise.resolve()
      },
    }),
  )
  return (
    <Sheet
      open={open}
      title={t({ id: 'security.twoFactor', message: 'Two-factor authentication' })}
      onClose={() => onCode(null)}
    >
      <form.AppForm>
        <form.Form className="sec-form sec-form--sheet">
          <form.AppField name="totp_code">
            {(field) => <field.TextField {...codeProps} autoFocus data-testid="wallet-totp" />}
          </form.AppField>
          <form.SubmitButton className="btn btn--primary btn--block">
            <Trans id="auth.login.submit">Log in</Trans>
          </form.SubmitButton>
        </form.Form>
      </form.AppForm>
    </Sheet>
  )
}
