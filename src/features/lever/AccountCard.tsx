import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { parseDecimal, sign } from '../../../common/amount'
import type { ContractAccount } from '../../../common/api/contract'
import type { AccountFigures } from '../../../common/trading/contract-math'
import { Icon } from '../../ui/Icon'
import { marginRatio } from './position-math'
import { formatAmount, formatMoney, trendOf } from '../../lib/format'

const TREND = { 1: 'up', 0: 'flat', [-1]: 'down' } as const

/**
 * The futures (contract) wallet under cross margin: equity, available, unrealized PnL and margin ratio, live with the
 * marks; a link to move funds in (/transfer). An empty wallet says so first: orders are paid from it alone. Without
 * `account` (still loading) the card holds its place with the figures as "--", so the form below does not move when
 * the account arrives (issue 24 part 10: /lever's layout shift).
 */
export function AccountCard({
  account,
  live,
  currency,
}: {
  /** Undefined while the account loads. */
  account?: ContractAccount | undefined
  /** The totals at this page's marks (with `account`). */
  live?: AccountFigures | undefined
  /** The margin currency, shown while loading. */
  currency: string
}) {
  const { t, i18n } = useLingui()
  const loc = i18n.locale
  const shown = account && live ? { account, live } : null
  const cur = account?.currency ?? currency
  const empty =
    shown !== null && sign(shown.live.walletBalance) === 0 && sign(parseDecimal(shown.account.order_margin)) === 0
  const ratio = shown && marginRatio(shown.live)
  const upnl = shown ? TREND[trendOf(shown.live.unrealizedPnl)] : 'flat'
  return (
    <section
      className="lv-card lv-account"
      aria-label={t({ id: 'assets.wallet.contract', message: 'Contract account' })}
      aria-busy={shown === null || undefined}
    >
      <div className="lv-account__head">
        <h2 className="lv-account__title">
          <Trans id="lever.account">Futures account ({cur})</Trans>
        </h2>
        <Link to="/transfer" className="lv-account__transfer">
          <Icon name="swap" size={16} />
          <Trans id="page.transfer">Transfer</Trans>
        </Link>
      </div>
      {empty ? (
        <p className="lv-account__empty" role="note" data-testid="lever-empty">
          <Trans id="lever.emptyWallet">
            Your futures account is empty. Transfer {cur} into it from your coin account to open positions.
          </Trans>
        </p>
      ) : (
        <dl className="lv-account__facts">
          <div>
            <dt>
              <Trans id="lever.equity">Equity</Trans>
            </dt>
            <dd data-testid={shown ? 'lever-equity' : undefined}>
              {shown ? formatAmount(shown.live.equity, cur, loc) : '--'}
            </dd>
          </div>
          <div>
            <dt>
              <Trans id="funds.available">Available</Trans>
            </dt>
            <dd data-testid={shown ? 'lever-available' : undefined}>
              {shown ? formatAmount(shown.account.available, cur, loc) : '--'}
            </dd>
          </div>
          <div>
            <dt>
              <Trans id="lever.upnl">Unrealized PnL</Trans>
            </dt>
            <dd className={`trend--${upnl}`} data-testid={shown ? 'lever-account-upnl' : undefined}>
              {shown ? formatAmount(shown.live.unrealizedPnl, cur, loc, { signed: true }) : '--'}
            </dd>
          </div>
          <div>
            <dt>
              <Trans id="lever.marginRatio">Margin ratio</Trans>
            </dt>
            <dd data-testid={shown ? 'lever-margin-ratio' : undefined}>
              {ratio === null ? '--' : `${formatMoney(ratio, loc)}%`}
            </dd>
          </div>
        </dl>
      )}
    </section>
  )
}
