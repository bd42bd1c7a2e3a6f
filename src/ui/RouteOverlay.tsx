import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { Spinner } from './Spinner'

/** Delay after a route finishes loading before the overlay hides, ms (spec §2 "about 150 ms"). */
export const OVERLAY_HIDE_MS = 150

/**
 * Route-change loading overlay: shown while the router loads a route (code chunk, loader), hidden 150 ms after it
 * completes. The spinner fades in late (CSS), so instant tab switches only block taps briefly and never flash.
 */
export function RouteOverlay() {
  const loading = useRouterState({ select: (s) => s.isLoading || s.status === 'pending' })
  const [shown, setShown] = useState(false)
  // Shown in the same render the loading starts (adjusting state while rendering, as React documents), not one
  // commit later from an effect.
  if (loading && !shown) setShown(true)
  useEffect(() => {
    if (loading) return
    const timer = setTimeout(() => setShown(false), OVERLAY_HIDE_MS)
    return () => clearTimeout(timer)
  }, [loading])
  if (!shown) return null
  return (
    <div className="route-overlay" aria-hidden="true">
      <div className="route-overlay__spinner">
        <Spinner size={28} />
      </div>
    </div>
  )
}
