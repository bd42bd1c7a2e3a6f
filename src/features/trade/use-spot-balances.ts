/**
 * The signed-in user's usable spot (coin) wallet balances for the order form, read from assets/overview (the current
 * book: live or demo) and read again on `reload()` (after an order was placed, filled or cancelled). Undefined while
 * signed out or before the first answer.
 */
import { useCallback, useEffect, useState } from 'react'
import type { Overview } from '../../../common/api/assets'
import type { Api } from '../../api'
import { usableIn } from '../funds'

export interface SpotBalances {
  /** Usable balance of `currency` ("0" when none); undefined while signed out or not read yet. */
  available: ((currency: string) => string) | undefined
  reload(this: void): void
}

export function useSpotBalances(api: Pick<Api, 'overview'>, loggedIn: boolean): SpotBalances {
  const [overview, setOverview] = useState<Overview | null>(null)
  const [asked, setAsked] = useState(0)
  useEffect(() => {
    if (!loggedIn) return
    let live = true
    api.overview({ silent: true }).then(
      (o) => live && setOverview(o),
      () => undefined, // the form keeps the last balances; the server checks funds anyway
    )
    return () => {
      live = false
    }
  }, [api, loggedIn, asked])
  const reload = useCallback(() => setAsked((n) => n + 1), [])
  const available = overview && loggedIn ? (currency: string) => usableIn(overview, 'spot', currency) : undefined
  return { available, reload }
}
