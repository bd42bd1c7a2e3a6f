import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import type { FinancialOrder, FinancialState } from '../../../common/api/financial'
import { financialApi } from '../../api/financial'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { Tabs } from '../../ui/Tabs'
import { PAGE_SIZE, RecordList, usePagedList } from '../funds'
import { useSessionView } from '../user-center'
import { FinancialLoginPrompt } from './FinancialLoginPrompt'
import { OrderCard } from './OrderCard'
import { redeemEarly } from './redeem-early'
import './financial.css'

/**
 * The user's subscriptions (/mining-order): In progress and Redeemed, newest first, page by page, pull to refresh;
 * "Redeem early" asks the spec's question with the fee, then shows the order under Redeemed with what came back.
 * Signed out: a login prompt.
 */
export function OrdersScreen({ tab, onTab }: { tab: FinancialState; onTab: (tab: FinancialState) => void }) {
  const { loggedIn } = useSessionView()
  return loggedIn ? <OrdersList tab={tab} onTab={onTab} /> : <FinancialLoginPrompt back="/mining-order" />
}

function OrdersList({ tab, onTab }: { tab: FinancialState; onTab: (tab: FinancialState) => void }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { user } = useSessionView()
  const { t, i18n } = useLingui()
  const [busy, setBusy] = useState<number | null>(null)
  const list = usePagedList(
    (page, silent) => financialApi(api.request).orders({ status: tab, page, limit: PAGE_SIZE }, { silent }),
    `${user?.id}:${user?.book}:${tab}`,
  )
  const redeem = async (order: FinancialOrder) => {
    setBusy(order.id)
    try {
      const done = await redeemEarly(api, order, i18n)
      if (done) onTab('redeemed')
    } catch {
      // The request layer has shown why (already redeemed, matured meanwhile); the list says where it stands now.
    } finally {
      setBusy(null)
      void list.reload()
    }
  }
  return (
    <>
      <Tabs
        tabs={[
          { value: 'in_progress', label: t({ id: 'financial.state.inProgress', message: 'In progress' }) },
          { value: 'redeemed', label: t({ id: 'financial.state.redeemed', message: 'Redeemed' }) },
        ]}
        value={tab}
        onChange={onTab}
      />
      <PullToRefresh onRefresh={() => list.reload()}>
        <div className="fi-orders">
          <RecordList
            list={list}
            empty={
              tab === 'in_progress' ? (
                <Trans id="financial.noOrders">No subscriptions in progress.</Trans>
              ) : (
                <Trans id="financial.noRedeemed">No redeemed subscriptions yet.</Trans>
              )
            }
          >
            {(o) => <OrderCard key={o.id} order={o} busy={busy === o.id} onRedeem={() => void redeem(o)} />}
          </RecordList>
          <Link to="/financial" className="btn btn--ghost fi-back">
            <Trans id="financial.allProducts">All products</Trans>
          </Link>
        </div>
      </PullToRefresh>
    </>
  )
}
