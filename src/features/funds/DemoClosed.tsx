import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Icon } from '../../ui/Icon'
import '../../styles/funds.css'

/**
 * Deposit and withdrawal in the demo book: closed (its funds are virtual), with the way back to the real account
 * (the user center's demo row) and to the transfer screen, which does work in demo.
 */
export function DemoClosed({ kind }: { kind: 'deposit' | 'withdrawal' }) {
  return (
    <div className="fd-closed" role="note">
      <Icon name="flask" size={36} />
      <p className="fd-closed__title">
        {kind === 'deposit' ? (
          <Trans id="funds.demoNoDeposit">Deposits are closed in the simulation account.</Trans>
        ) : (
          <Trans id="funds.demoNoWithdraw">Withdrawals are closed in the simulation account.</Trans>
        )}
      </p>
      <p>
        <Trans id="funds.demoClosedText">
          Its funds are virtual. Leave the simulation account in “Me” to move real funds.
        </Trans>
      </p>
      <Link to="/user-center" className="btn btn--primary">
        <Trans id="funds.goToMe">Go to Me</Trans>
      </Link>
    </div>
  )
}
