import { useEffect, useState } from 'react'

/**
 * A wait that ends early when it can: false until `complete`, or until `ms` after `started` first held (its timer
 * starts then); true for good afterwards, so what it let through is never hidden again.
 * - The gain list waits for its first prices: `useSettled(pricedCount > 0, allPriced, RANK_SETTLE_MS)`.
 * - The feed line gives the first connection its grace from mount: `useSettled(true, false, FIRST_CONNECT_GRACE_MS)`.
 */
export function useSettled(started: boolean, complete: boolean, ms: number): boolean {
  const [settled, setSettled] = useState(complete)
  // Adjusted during render (React's documented pattern), so a complete state shows in this very render.
  if (complete && !settled) setSettled(true)
  useEffect(() => {
    if (!started || settled) return
    const timer = setTimeout(() => setSettled(true), ms)
    return () => clearTimeout(timer)
  }, [started, settled, ms])
  return settled
}
