/**
 * The "send code" countdown: after a code is sent, the button waits the server's `resend_after_s` before it can ask
 * again. Kept as an end time (ms since epoch) rather than a ticking counter, so a tab in the background, a slow
 * timer or a re-render never makes it drift.
 */
import { useEffect, useState } from 'react'

/** Whole seconds left until `endsAt` at `now` (both ms since epoch), rounded up; 0 once passed. */
export function secondsLeft(endsAt: number | null, now: number): number {
  if (endsAt === null) return 0
  return Math.max(0, Math.ceil((endsAt - now) / 1000))
}

/** End time of a countdown of `seconds` started at `now`. */
export function countdownEnd(seconds: number, now: number): number {
  return now + Math.max(0, seconds) * 1000
}

/**
 * Seconds left until `endsAt` (ms since epoch, or null for none), re-rendering once a second while it runs.
 */
export function useSecondsLeft(endsAt: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  const left = secondsLeft(endsAt, now)
  useEffect(() => {
    if (endsAt === null) return
    setNow(Date.now())
    const timer = setInterval(() => {
      const t = Date.now()
      setNow(t)
      if (t >= endsAt) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [endsAt])
  return left
}
