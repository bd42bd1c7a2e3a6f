import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import type { PriceAlert } from '../../../common/api/notify'
import type { NoticeEventData } from '../../../common/api/stream'
import type { UserEvent } from '../../../common/engine-api'
import type { DecimalInput } from '../../../common/decimal'
import type { MarketItem } from '../../../common/market'
import { formatPrice } from '../../lib/format'
import { Sheet } from '../../ui/Sheet'
import { Spinner } from '../../ui/Spinner'
import { pairName } from '../markets'
import { useStreamReload } from '../user-stream'
import { AlertForm } from './AlertForm'
import { AlertList } from './AlertList'

/** A fired price alert on the user stream: the list shows it as fired without a reload by hand. */
const isAlertEvent = (ev: UserEvent) => ev.ch === 'notices' && (ev.data as NoticeEventData).event === 'price_alert'

/**
 * The market's price alerts in a bottom sheet (issue 24 part 6): the last price, a form for a new alert (rises to /
 * falls to a price, starting from the last price), the active alerts with a delete button, the fired ones with when
 * and at what price, and the way to push notifications. Read when it opens and again when an alert fires.
 */
export function AlertSheet({
  market,
  last,
  onClose,
}: {
  market: MarketItem
  last: DecimalInput | undefined
  onClose: () => void
}) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t, i18n } = useLingui()
  /** The account's alerts; null while loading, 'failed' when they could not be read. */
  const [list, setList] = useState<PriceAlert[] | null | 'failed'>(null)
  const load = useCallback(() => {
    api.alertList(market.extends, { silent: true }).then(
      (a) => setList(a.list),
      () => setList((prev) => (Array.isArray(prev) ? prev : 'failed')),
    )
  }, [api, market.extends])
  useEffect(load, [load])
  useStreamReload(load, isAlertEvent)
  // A perpetual reads like its spot pair: say which one this is, as the K-line page's title does.
  const perp = market.category === 'futures' ? ` · ${t({ id: 'market.perpetual', message: 'Perp' })}` : ''
  const pair = pairName(market) + perp
  return (
    <Sheet open title={t({ id: 'alert.sheetTitle', message: `Price alerts · ${pair}` })} onClose={onClose}>
      <div className="alert-sheet" data-testid="alert-sheet">
        <p className="alert-sheet__last">
          <Trans id="market.colPrice">Last price</Trans>{' '}
          <b data-testid="alert-last">{formatPrice(last, market.price_precision, i18n.locale)}</b> {market.legal_name}
        </p>
        <AlertForm market={market} last={last} onCreated={(a) => setList((prev) => [a, ...listOf(prev)])} />
        {list === null ? (
          <div className="alert-sheet__wait">
            <Spinner size={20} />
          </div>
        ) : list === 'failed' ? (
          <p className="alert-sheet__problem" role="alert">
            <Trans id="alert.loadFailed">Your alerts could not be loaded. Check your connection.</Trans>{' '}
            <button type="button" className="alert-sheet__retry" onClick={load}>
              <Trans id="common.retry">Retry</Trans>
            </button>
          </p>
        ) : (
          <AlertList market={market} list={list} onChanged={setList} />
        )}
        <p className="alert-sheet__push">
          <Trans id="alert.pushHint">
            To be told while the app is closed, turn on{' '}
            <Link to="/notifications" onClick={onClose}>
              push notifications
            </Link>
            .
          </Trans>
        </p>
      </div>
    </Sheet>
  )
}

const listOf = (v: PriceAlert[] | null | 'failed') => (Array.isArray(v) ? v : [])
