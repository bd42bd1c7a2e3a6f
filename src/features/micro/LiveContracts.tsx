import { Trans } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useId } from 'react'
import type { MarketItem } from '../../../common/market'
import { Icon } from '../../ui/Icon'
import { Spinner } from '../../ui/Spinner'
import { ContractRow } from './ContractRow'
import type { LiveContracts as Live } from './use-live-contracts'
import './micro.css'
import './micro-contracts.css'

/**
 * The user's open contracts under the order form, each counting down to its delivery and then showing its result;
 * a link to the whole history (/micro-info). A tap on a contract opens its detail there.
 */
export function LiveContracts({ contracts, markets }: { contracts: Live; markets: readonly MarketItem[] }) {
  const navigate = useNavigate()
  const titleId = useId()
  return (
    <section className="mc-card mc-live" aria-labelledby={titleId}>
      <div className="mc-live__head">
        <h2 className="mc-live__title" id={titleId}>
          <Trans id="micro.yourContracts">Your contracts</Trans>
        </h2>
        <Link to="/micro-info" className="mc-live__all">
          <Trans id="micro.allOrders">All orders</Trans>
          <Icon name="chevronRight" size={16} />
        </Link>
      </div>
      {contracts.state === 'loading' ? (
        <div className="mc-placeholder">
          <Spinner size={20} />
        </div>
      ) : contracts.state === 'failed' ? (
        <p className="mc-placeholder" role="alert">
          <Trans id="micro.openFailed">Your open contracts could not be loaded. Check your connection.</Trans>
        </p>
      ) : contracts.orders.length === 0 ? (
        <p className="mc-placeholder">
          <Trans id="micro.noOpen">No open contracts. Pick a duration and an amount, then Rise or Fall.</Trans>
        </p>
      ) : (
        <ul className="mc-rows">
          {contracts.orders.map((o) => (
            <ContractRow
              key={o.id}
              order={o}
              market={markets.find((m) => m.extends === o.symbol)}
              onOpen={() =>
                void navigate({
                  to: '/micro-info',
                  search: { tab: o.status === 'open' ? 'open' : 'settled', id: o.id },
                })
              }
            />
          ))}
        </ul>
      )}
    </section>
  )
}
