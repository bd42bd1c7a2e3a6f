/**
 * The one "send code" countdown: after a code is sent, the button waits the server's `resend_after_s`. Kept as an
 * end time (ms since epoch) rather than a ticking counter, so a background tab, a slow timer or a re-render never
 * makes it drift; the display re-renders while it runs.
 */
import { useCallback, useEffect, useState } from 'react'

/** Whole seconds left until `endsAt` at `now` (both ms since epoch), rounded up; 0 once passed or for null. */
export function secondsLeft(endsAt: number | null, now: number): number {
  if (endsAt === null) return 0
  return Math.max(0, Math.ceil((endsAt - now) / 1000))
}

/** A countdown: `left` whole seconds; `start(s)` runs it for `s` seconds from now; `reset()` stops it. */
export function useCountdown(): { left: number; start: (seconds: number) => void; reset: () => void } {
  const [endsAt, setEndsAt] = useState<number | null>(null)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (endsAt === null) return
    // 250 ms: the shown second flips within a quarter second of the real one.
    const timer = setInterval(() => {
      const t = Date.now()
      setNow(t)
      if (t >= endsAt) clearInterval(timer)
    }, 250)
    return () => clearInterval(timer)
  }, [endsAt])
  const start = useCallback((seconds: number) => {
    const t = Date.now()
    setNow(t)
    setEndsAt(t + Math.max(0, seconds) * 1000)
  }, [])
  const reset = useCallback(() => setEndsAt(null), [])
  return { left: secondsLeft(endsAt, now), start, reset }
}
