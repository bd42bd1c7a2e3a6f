import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useLocation } from '@tanstack/react-router'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { orderListSchema, type Order } from '../../../common/api/trade'
import type { Api } from '../../api'
import { showToast } from '../../ui/toast'
import { Tabs } from '../../ui/Tabs'
import { PAGE_SIZE, RecordList, usePagedList, type KeptFirstPage } from '../funds'
import { keptAnswers, keptOwner } from '../kept'
import { ofCurrentBook, useStreamReload } from '../user-stream'
import { OrderDetailSheet } from './OrderDetailSheet'
import { ORDER_HISTORY_HASH } from '../../lib/route-hashes'
import { isOpen, OrderRow } from './OrderRow'

/**
 * How often open orders are read again while any is shown and the user stream is not live, ms: a limit order fills
 * on the server, not here.
 */
export const OPEN_ORDERS_POLL_MS = 3000

type Which = 'open' | 'history'

/**
 * The pair's orders under the form (spec §2 Trade: current and history orders): current orders with Cancel, and
 * history. While the user stream is live, both are read again when a spot order event of this pair arrives (no
 * polling); otherwise current orders are read again every few seconds while any is open; an order opens its detail with its fills. `version`
 * changes when an order was placed here (read again now); `onChanged` after a cancel (balances changed).
 */
export function OrderLists({
  api,
  symbol,
  pair,
  pricePrecision,
  version,
  onChanged,
}: {
  api: Pick<Api, 'orderList' | 'orderCancel' | 'orderDetail'>
  symbol: string
  pair: string
  pricePrecision: number
  version: number
  onChanged: () => void
}) {
  const { t } = useLingui()
  // Mine → "Trade history" opens /trade#order-history: the history tab, scrolled into view.
  const toHistory = useLocation({ select: (l) => l.hash === ORDER_HISTORY_HASH })
  const [which, setWhich] = useState<Which>(toHistory ? 'history' : 'open')
  const section = useRef<HTMLElement>(null)
  useEffect(() => {
    if (toHistory) section.current?.scrollIntoView({ block: 'start' })
  }, [toHistory])
  const [detail, setDetail] = useState<number | null>(null)
  const [cancelling, setCancelling] = useState<number | null>(null)
  const fetchPage = useCallback(
    (page: number, silent: boolean) => api.orderList({ state: which, symbol, page, limit: PAGE_SIZE }, { silent }),
    [api, which, symbol],
  )
  // Kept per user and book, read at each call: after a sign-out (or a book switch) nothing of the last one is used.
  const kept = useMemo((): KeptFirstPage<Order> => {
    const key = `spot-orders:${which}:${symbol}`
    return {
      save: (page) => {
        const owner = keptOwner()
        if (owner) void keptAnswers.save(owner, key, page, Date.now())
      },
      load: async () => {
        const owner = keptOwner()
        const last = owner ? await keptAnswers.load(owner, key, orderListSchema) : undefined
        return last && { page: last.value, savedAt: last.savedAt }
      },
    }
  }, [which, symbol])
  const list = usePagedList<Order>(fetchPage, `${which}|${symbol}|${version}`, kept)
  const anyOpen = which === 'open' && list.items.some(isOpen)
  const { reload } = list
  const streamLive = useStreamReload(
    () => void reload(),
    (ev) =>
      ev.ch === `orders#${symbol.toLowerCase()}` && (ev.data as { kind?: string }).kind === 'spot' && ofCurrentBook(ev),
  )
  useEffect(() => {
    if (!anyOpen || streamLive) return
    const timer = setInterval(() => void reload(), OPEN_ORDERS_POLL_MS)
    return () => clearInterval(timer)
  }, [anyOpen, reload, streamLive])
  // A fill happens on the server: when the open orders read back differ, balances changed too.
  const signature =
    which === 'open' && list.state === 'ready'
      ? list.items.map((o) => `${o.id}:${o.status}:${o.deal_amount}`).join()
      : null
  const seen = useRef<string | null>(null)
  useEffect(() => {
    if (signature === null) return
    if (seen.current !== null && seen.current !== signature) onChanged()
    seen.current = signature
  }, [signature, onChanged])
  const cancel = async (o: Order) => {
    setCancelling(o.id)
    try {
      await api.orderCancel(o.id)
      showToast(msg({ id: 'trade.cancelled', message: 'Order cancelled' }), 'success')
      onChanged()
    } catch {
      // The request layer has shown why.
    } finally {
      setCancelling(null)
      void reload()
    }
  }
  return (
    <section className="trade-lists" ref={section} id={ORDER_HISTORY_HASH}>
      <Tabs
        className="trade-lists__tabs"
        tabs={[
          { value: 'open', label: t({ id: 'trade.openOrders', message: 'Current orders' }) },
          { value: 'history', label: t({ id: 'trade.history', message: 'Order history' }) },
        ]}
        value={which}
        onChange={setWhich}
      />
      <RecordList
        list={list}
        empty={
          which === 'open' ? (
            <Trans id="trade.noOpenOrders">No open orders</Trans>
          ) : (
            <Trans id="trade.noHistory">No orders yet</Trans>
          )
        }
      >
        {(o) => (
          <OrderRow
            key={o.id}
            order={o}
            pair={pair}
            pricePrecision={pricePrecision}
            onOpen={() => setDetail(o.id)}
            onCancel={isOpen(o) && list.savedAt === null ? () => void cancel(o) : undefined}
            cancelling={cancelling === o.id}
          />
        )}
      </RecordList>
      <OrderDetailSheet
        api={api}
        id={detail}
        pair={pair}
        pricePrecision={pricePrecision}
        onClose={() => setDetail(null)}
      />
    </section>
  )
}
