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
 * marks; a link to move funds in (/transfer). An empty wallet says so first: orders are paid from it alone.
 */
export function AccountCard({
  account,
  live,
}: {
  account: ContractAccount
  /** The totals at this page's marks. */
  live: AccountFigures
}) {
  const { t, i18n } = useLingui()
  const loc = i18n.locale
  const cur = account.currency
  const empty = sign(live.walletBalance) === 0 && sign(parseDecimal(account.order_margin)) === 0
  const ratio = marginRatio(live)
  const upnl = TREND[trendOf(live.unrealizedPnl)]
  return (
    <section
      className="lv-card lv-account"
      aria-label={t({ id: 'assets.wallet.contract', message: 'Contract account' })}
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
            <dd data-testid="lever-equity">{formatAmount(live.equity, cur, loc)}</dd>
          </div>
          <div>
            <dt>
              <Trans id="funds.available">Available</Trans>
            </dt>
            <dd data-testid="lever-available">{formatAmount(account.available, cur, loc)}</dd>
          </div>
          <div>
            <dt>
              <Trans id="lever.upnl">Unrealized PnL</Trans>
            </dt>
            <dd className={`trend--${upnl}`} data-testid="lever-account-upnl">
              {formatAmount(live.unrealizedPnl, cur, loc, { signed: true })}
            </dd>
          </div>
          <div>
            <dt>
              <Trans id="lever.marginRatio">Margin ratio</Trans>
            </dt>
            <dd data-testid="lever-margin-ratio">{ratio === null ? '--' : `${formatMoney(ratio, loc)}%`}</dd>
          </div>
        </dl>
      )}
    </section>
  )
}

/**
 * The account card's place while the account loads: the same head and four figures as "--", so the form below does
 * not move when the account arrives (issue 24 part 10: /lever's layout shift).
 */
export function AccountCardPending({ currency }: { currency: string }) {
  const { t } = useLingui()
  const cur = currency
  return (
    <section
      className="lv-card lv-account"
      aria-label={t({ id: 'assets.wallet.contract', message: 'Contract account' })}
      aria-busy="true"
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
      <dl className="lv-account__facts">
        <div>
          <dt>
            <Trans id="lever.equity">Equity</Trans>
          </dt>
          <dd>--</dd>
        </div>
        <div>
          <dt>
            <Trans id="funds.available">Available</Trans>
          </dt>
          <dd>--</dd>
        </div>
        <div>
          <dt>
            <Trans id="lever.upnl">Unrealized PnL</Trans>
          </dt>
          <dd>--</dd>
        </div>
        <div>
          <dt>
            <Trans id="lever.marginRatio">Margin ratio</Trans>
          </dt>
          <dd>--</dd>
        </div>
      </dl>
    </section>
  )
}
