import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useState } from 'react'
import type { MarketItem } from '../../../common/market'
import type { DecimalInput } from '../../../common/decimal'
import { Icon } from '../../ui/Icon'
import { askToLogin, useSessionView } from '../user-center'
import './notify.css'

/** The sheet and its form load with the first tap: nothing of them is on the way to the K-line page's first paint. */
const AlertSheet = lazy(() => import('./AlertSheet').then((m) => ({ default: m.AlertSheet })))

/**
 * The bell on the K-line page (issue 24 part 6): opens the market's price alerts; signed out, it asks to log in first
 * (and comes back to this market afterwards).
 * @param last the ticker's last price (quote currency), the form's first price
 */
export function AlertButton({ market, last }: { market: MarketItem; last: DecimalInput | undefined }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { loggedIn } = useSessionView()
  const [open, setOpen] = useState(false)
  const close = useCallback(() => setOpen(false), [])
  const tap = () => {
    if (loggedIn) return setOpen(true)
    void askToLogin(`/kline?symbol=${market.extends}`, () => void navigate({ to: '/login' }))
  }
  return (
    <>
      <button type="button" className="alert-bell" data-testid="alert-open" aria-haspopup="dialog" onClick={tap}>
        <Icon name="bell" size={18} label={t({ id: 'alert.open', message: 'Price alerts' })} />
      </button>
      {open && loggedIn && (
        <Suspense fallback={null}>
          <AlertSheet market={market} last={last} onClose={close} />
        </Suspense>
      )}
    </>
  )
}
