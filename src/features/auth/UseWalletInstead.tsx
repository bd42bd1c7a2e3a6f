import { Trans } from '@lingui/react/macro'
import { WalletButton } from './WalletButton'

/** The "or" divider and the wallet button under a sign-in or registration form. */
export function UseWalletInstead(props: { label: string; inviteCode?: string; beforeStart?: () => boolean }) {
  return (
    <section className="auth-or">
      <p className="auth-or__divider">
        <span>
          <Trans id="auth.or">or</Trans>
        </span>
      </p>
      <WalletButton {...props} />
    </section>
  )
}
