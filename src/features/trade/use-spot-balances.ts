/**
 * The signed-in user's usable spot (coin) wallet balances for the order form, read from assets/overview (the current
 * book: live or demo) and read again on `reload()` (after an order was placed, filled or cancelled). Undefined while
 * signed out or before the first answer. When the read fails before any answer (offline), the overview Assets kept on
 * the device stands in, so the form still says what the user holds (placing is disabled offline anyway).
 */
import { useCallback, useEffect, useState } from 'react'
import type { Overview } from '../../../common/api/assets'
import type { Api } from '../../api'
import { loadOverview, overviewOwner } from '../assets'
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
    // A failed read keeps the last balances (the server checks funds anyway); with none yet, the kept overview.
    void loadOverview(api, overviewOwner(), loggedIn).then((r) => {
      if (!live || r.kind !== 'overview') return
      setOverview((held) => (r.savedAt !== null && held ? held : r.overview))
    })
    return () => {
      live = false
    }
  }, [api, loggedIn, asked])
  const reload = useCallback(() => setAsked((n) => n + 1), [])
  const available = overview && loggedIn ? (currency: string) => usableIn(overview, 'spot', currency) : undefined
  return { available, reload }
}
