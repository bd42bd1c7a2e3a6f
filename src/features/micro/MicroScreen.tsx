import { Trans } from '@lingui/react/macro'
import { useRouteContext, useRouter } from '@tanstack/react-router'
import { useCallback, useMemo, useRef } from 'react'
import { useSnapshot } from 'valtio'
import type { MicroOrder, MicroProduct } from '../../../common/api/micro'
import type { MarketItem } from '../../../common/market'
import { dealSymbolStore } from '../../state/deal-symbol'
import { useWalletAvailable } from '../assets'
import { useSessionView } from '../user-center'
import { LiveContracts } from './LiveContracts'
import { productsOf } from './load-products'
import { MicroChart } from './MicroChart'
import { MicroLoginPrompt } from './MicroLoginPrompt'
import { OrderForm } from './OrderForm'
import { PairBar } from './PairBar'
import { useLiveContracts } from './use-live-contracts'
import './micro.css'

/**
 * The options (second contract) screen body: the pair of dealSymbol.option with its live price and chart, the order
 * form of its products, and the user's open contracts counting down to their results (signed out: a login prompt).
 * While the user stream is live the contracts and the options balance follow its events instead of polling.
 * @param products every open product (null: they could not be loaded)
 */
export function MicroScreen({
  markets,
  products,
}: {
  markets: readonly MarketItem[]
  products: MicroProduct[] | null
}) {
  const { api } = useRouteContext({ from: '__root__' })
  const router = useRouter()
  const { option: pair } = useSnapshot(dealSymbolStore)
  const { loggedIn, user } = useSessionView()
  const market = markets.find((m) => m.extends === pair.extends)
  const own = productsOf(products, pair.extends)
  // Pairs that options are open on and that have products (every pair when the products are unknown).
  const choices = useMemo(() => {
    const offered = new Set((products ?? []).map((p) => p.symbol))
    return markets.filter((m) => m.tradable.option && (products === null || offered.has(m.extends)))
  }, [markets, products])
  const key = loggedIn ? `${user?.id ?? ''}:${user?.book ?? ''}` : null
  const balance = useWalletAvailable(api, 'option', own[0]?.currency ?? pair.legal_name, key)
  const contracts = useLiveContracts(api, key, balance.reload)
  const { add } = contracts
  const { reload, streamLive } = balance
  const live = useRef<HTMLDivElement>(null)
  const placed = useCallback(
    (order: MicroOrder) => {
      add(order)
      // With the user stream live the placement's own balance event reads the balance again.
      if (!streamLive) reload()
      // The new contract's countdown is under the form, below the fold on a phone: bring it into view.
      requestAnimationFrame(() => live.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }))
    },
    [add, reload, streamLive],
  )
  return (
    <div className="mc-body">
      <PairBar pair={pair} market={market} choices={choices} />
      {market && <MicroChart market={market} />}
      {products === null ? (
        <div className="load-failed" role="alert">
          <p>
            <Trans id="micro.productsFailed">The options products could not be loaded. Check your connection.</Trans>
          </p>
          <button type="button" className="btn btn--ghost" onClick={() => void router.invalidate()}>
            <Trans id="common.retry">Retry</Trans>
          </button>
        </div>
      ) : own.length === 0 ? (
        <p className="mc-card mc-none" role="note">
          <Trans id="micro.noProducts">Options are not offered on this pair. Pick another pair above.</Trans>
        </p>
      ) : (
        <OrderForm
          key={pair.extends}
          symbol={pair.extends}
          products={own}
          available={balance.available}
          loggedIn={loggedIn}
          onPlaced={placed}
        />
      )}
      {loggedIn ? (
        <div ref={live} className="mc-live-anchor">
          <LiveContracts contracts={contracts} markets={markets} />
        </div>
      ) : (
        <MicroLoginPrompt />
      )}
    </div>
  )
}
