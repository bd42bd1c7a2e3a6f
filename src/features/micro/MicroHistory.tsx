import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { MarketItem } from '../../../common/market'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { Tabs } from '../../ui/Tabs'
import { PAGE_SIZE, RecordList, usePagedList } from '../funds'
import { useSessionView } from '../user-center'
import { ContractRow } from './ContractRow'
import { useStreamReload } from '../user-stream'
import { nextPollIn } from './countdown'
import { concernsMicro } from './use-live-contracts'
import './micro-contracts.css'

/** The two lists of the history: contracts still open, and settled ones (won, lost, draw). */
export type HistoryTab = 'open' | 'settled'

/**
 * The user's second contracts (micro/order_list), open or settled, newest first, page by page ("Load more"); pull
 * to refresh. While the user stream is live (issue 22 part 2) the list is read again on each second-contract event of
 * the session's book (placed, settled) and never polled; otherwise the open list is read again around each delivery.
 * A tap on one calls `onOpen` with its id (the detail).
 */
export function MicroHistory({
  tab,
  onTab,
  markets,
  onOpen,
}: {
  tab: HistoryTab
  onTab: (tab: HistoryTab) => void
  markets: readonly MarketItem[]
  onOpen: (id: number) => void
}) {
  const { api } = useRouteContext({ from: '__root__' })
  const { user } = useSessionView()
  const { t } = useLingui()
  const list = usePagedList(
    (page, silent) => api.microList({ state: tab, page, limit: PAGE_SIZE }, { silent }),
    `${user?.id}:${user?.book}:${tab}`,
  )
  const { items, reload } = list
  const streamLive = useStreamReload(() => void reload(), concernsMicro)
  // Not live: open orders leave this tab as they settle, so it is read again on the countdown's schedule.
  useEffect(() => {
    if (tab !== 'open' || streamLive) return
    const wait = nextPollIn(items, Date.now())
    if (wait === null) return
    const timer = setTimeout(() => void reload(), wait)
    return () => clearTimeout(timer)
  }, [tab, items, reload, streamLive])
  return (
    <>
      <Tabs
        tabs={[
          { value: 'open', label: t({ id: 'micro.tab.open', message: 'Open' }) },
          { value: 'settled', label: t({ id: 'micro.tab.settled', message: 'Settled' }) },
        ]}
        value={tab}
        onChange={onTab}
      />
      <PullToRefresh onRefresh={() => list.reload()}>
        <div className="mc-history">
          <RecordList
            list={list}
            empty={
              tab === 'open' ? (
                <Trans id="micro.noOpenOrders">No open orders.</Trans>
              ) : (
                <Trans id="micro.noSettledOrders">No settled orders yet.</Trans>
              )
            }
          >
            {(o) => (
              <ContractRow
                key={o.id}
                order={o}
                market={markets.find((m) => m.extends === o.symbol)}
                onOpen={() => onOpen(o.id)}
              />
            )}
          </RecordList>
        </div>
      </PullToRefresh>
    </>
  )
}
