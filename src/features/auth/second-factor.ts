import { useLingui } from '@lingui/react/macro'
import type { BoundFieldProps } from '../../ui/form'

/**
 * Props of the second factor's input (issue 24 part 7), for `field.TextField` inside a `form.AppField`: the 6-digit
 * code of the authenticator app, filled by the phone's one-time-code suggestion where it has one; with `recovery`, a
 * recovery code is taken too (letters, so the keyboard is not numeric). The server checks it; only spaces (and, for a
 * code alone, anything but digits) are removed here.
 */
export function useSecondFactorProps(recovery = false): BoundFieldProps {
  const { t } = useLingui()
  return {
    label: t({ id: 'twoFactor.codeLabel', message: 'Authenticator code' }),
    autoComplete: 'one-time-code',
    inputMode: recovery ? 'text' : 'numeric',
    autoCapitalize: 'characters',
    maxLength: recovery ? 64 : 6,
    normalize: recovery ? (v) => v.replace(/\s/g, '') : (v) => v.replace(/\D/g, ''),
    hint: recovery
      ? t({
          id: 'twoFactor.codeHintRecovery',
          message: 'The 6-digit code in your authenticator app, or one of your recovery codes',
        })
      : t({ id: 'twoFactor.codeHint', message: 'The 6-digit code in your authenticator app' }),
  }
}
