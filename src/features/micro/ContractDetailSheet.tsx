import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { MicroOrder } from '../../../common/api/micro'
import type { MarketItem } from '../../../common/market'
import { Sheet } from '../../ui/Sheet'
import { Spinner } from '../../ui/Spinner'
import { ContractFacts } from './ContractFacts'
import { useStreamReload } from '../user-stream'
import { nextPollIn } from './countdown'
import { concernsMicro } from './use-live-contracts'
import './micro-contracts.css'

/**
 * A contract's detail in a bottom sheet, read fresh from micro/order_detail when it opens (a row may be older than
 * the result) and, while the order is open, again when its settlement event arrives (user stream live) or around its
 * delivery (not live: polled). `id` null = closed.
 */
export function ContractDetailSheet({
  id,
  markets,
  onClose,
}: {
  id: number | null
  markets: readonly MarketItem[]
  onClose: () => void
}) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t } = useLingui()
  const [shown, setShown] = useState<{ id: number; order: MicroOrder | null } | null>(null)
  /** Bumped by an event of this order: the effect below reads it again. */
  const [heard, setHeard] = useState(0)
  const streamLive = useStreamReload(
    () => setHeard((n) => n + 1),
    (ev) => concernsMicro(ev) && (ev.data as { order?: { id?: number } }).order?.id === id,
  )
  useEffect(() => {
    if (id === null) return
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    // While the order is open it is read again on the countdown's schedule, so the sheet turns into its result.
    let open: MicroOrder | null = null
    const again = () => {
      const wait = !streamLive && open && nextPollIn([open], Date.now())
      if (wait) timer = setTimeout(read, wait)
    }
    const read = () =>
      void api.microDetail(id, { silent: true }).then(
        (order) => {
          if (!live) return
          open = order.status === 'open' ? order : null
          setShown({ id, order })
          again()
        },
        () => {
          if (!live) return
          setShown((s) => (s?.id === id && s.order ? s : { id, order: null }))
          again()
        },
      )
    read()
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [api, id, heard, streamLive])
  const current = shown && shown.id === id ? shown : null
  return (
    <Sheet open={id !== null} title={t({ id: 'micro.detail', message: 'Order detail' })} onClose={onClose}>
      <div className="mc-detail" data-testid="micro-detail">
        {!current ? (
          <div className="mc-placeholder">
            <Spinner size={20} />
          </div>
        ) : current.order === null ? (
          <p className="mc-placeholder" role="alert">
            <Trans id="micro.detailFailed">This order could not be loaded.</Trans>
          </p>
        ) : (
          <ContractFacts order={current.order} market={markets.find((m) => m.extends === current.order?.symbol)} />
        )}
        <button type="button" className="btn btn--ghost btn--block" onClick={onClose}>
          <Trans id="common.close">Close</Trans>
        </button>
      </div>
    </Sheet>
  )
}
