import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import type { AlertDirection, PriceAlert } from '../../../common/api/notify'
import type { MarketItem } from '../../../common/market'
import { formatDateTime } from '../../lib/dates'
import { formatPrice } from '../../lib/format'
import { Icon } from '../../ui/Icon'
import { listedAlerts } from './alert-model'

/**
 * The market's alerts: active ones (highest target first) each with a delete button, then the fired ones with when
 * and at which last price they fired. A delete answers the account's alerts left, which replace the list.
 */
export function AlertList({
  market,
  list,
  onChanged,
}: {
  market: MarketItem
  list: readonly PriceAlert[]
  onChanged: (list: PriceAlert[]) => void
}) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t, i18n } = useLingui()
  const [deleting, setDeleting] = useState<number | null>(null)
  const { active, fired } = listedAlerts(list, market.extends)
  const price = (p: string | null) => formatPrice(p, market.price_precision, i18n.locale)
  const remove = (id: number) => {
    setDeleting(id)
    // A failure leaves the row, usable again (the request layer has said why).
    api
      .alertDelete(id)
      .then((a) => onChanged(a.list))
      .catch(() => undefined)
      .finally(() => setDeleting(null))
  }
  if (active.length === 0 && fired.length === 0) {
    return (
      <p className="alert-list__empty">
        <Trans id="alert.empty">No price alerts on this market yet.</Trans>
      </p>
    )
  }
  return (
    <>
      {active.length > 0 && (
        <section className="alert-list" aria-label={t({ id: 'alert.activeTitle', message: 'Active alerts' })}>
          <h3 className="alert-list__title">
            <Trans id="alert.activeTitle">Active alerts</Trans>
          </h3>
          <ul>
            {active.map((a) => {
              const target = price(a.price)
              const what =
                a.direction === 'above'
                  ? t({ id: 'alert.rowAbove', message: `Rises to ${target}` })
                  : t({ id: 'alert.rowBelow', message: `Falls to ${target}` })
              return (
                <li key={a.id} className="alert-row" data-testid="alert-row" data-state="active">
                  <DirectionIcon direction={a.direction} />
                  <span className="alert-row__what">{what}</span>
                  <button
                    type="button"
                    className="alert-row__delete"
                    disabled={deleting === a.id}
                    onClick={() => remove(a.id)}
                  >
                    <Icon name="trash" size={18} label={t({ id: 'alert.delete', message: `Delete alert: ${what}` })} />
                  </button>
                </li>
              )
            })}
          </ul>
        </section>
      )}
      {fired.length > 0 && (
        <section className="alert-list" aria-label={t({ id: 'alert.firedTitle', message: 'Triggered' })}>
          <h3 className="alert-list__title">
            <Trans id="alert.firedTitle">Triggered</Trans>
          </h3>
          <ul>
            {fired.map((a) => {
              const target = price(a.price)
              const at = a.fired_at === null ? '--' : formatDateTime(a.fired_at)
              const last = price(a.fired_price)
              return (
                <li key={a.id} className="alert-row alert-row--fired" data-testid="alert-row" data-state="fired">
                  <DirectionIcon direction={a.direction} />
                  <span className="alert-row__what">
                    {a.direction === 'above'
                      ? t({ id: 'alert.firedAbove', message: `Rose to ${target}` })
                      : t({ id: 'alert.firedBelow', message: `Fell to ${target}` })}
                    <span className="alert-row__when">
                      <Trans id="alert.firedAt">
                        {at} · last price {last}
                      </Trans>
                    </span>
                  </span>
                </li>
              )
            })}
          </ul>
        </section>
      )}
    </>
  )
}

/** Up (green) or down (red), as the app colours a rise and a fall; grey once fired (CSS). */
function DirectionIcon({ direction }: { direction: AlertDirection }) {
  return direction === 'above' ? (
    <Icon name="trendUp" size={18} className="alert-row__up" />
  ) : (
    <Icon name="trendDown" size={18} className="alert-row__down" />
  )
}
