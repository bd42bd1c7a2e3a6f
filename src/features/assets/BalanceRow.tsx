import { Trans, useLingui } from '@lingui/react/macro'
import type { Balance } from '../../../common/api/assets'
import { CoinLogo } from '../markets'
import { formatAmount } from '../../lib/format'

/** One currency of a wallet's detail (spec §2): amount, usable, frozen and its value in USDT, each
 * at its currency's display scale, rounded down. */
export function BalanceRow({ balance }: { balance: Balance }) {
  const { i18n } = useLingui()
  const money = (v: string) => formatAmount(v, balance.currency, i18n.locale)
  const usdt = (v: string) => formatAmount(v, 'USDT', i18n.locale)
  return (
    <li className="as-balance">
      <div className="as-balance__head">
        <CoinLogo code={balance.currency} size={24} />
        <span className="as-balance__coin">{balance.currency}</span>
        <span className="as-balance__amount">{money(balance.amount)}</span>
      </div>
      <dl className="as-balance__grid">
        <div>
          <dt>
            <Trans id="assets.available">Usable</Trans>
          </dt>
          <dd>{money(balance.available)}</dd>
        </div>
        <div>
          <dt>
            <Trans id="assets.frozen">Frozen</Trans>
          </dt>
          <dd>{money(balance.frozen)}</dd>
        </div>
        <div>
          <dt>
            <Trans id="assets.value">Value (USDT)</Trans>
          </dt>
          <dd>{balance.usdt_value === null ? '--' : `≈ ${usdt(balance.usdt_value)}`}</dd>
        </div>
      </dl>
    </li>
  )
}
