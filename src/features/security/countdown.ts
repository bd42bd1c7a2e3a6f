/** The resend countdown of "Send code": the server says how long to wait (`resend_after_s`, 60 s). */
import { useEffect, useState } from 'react'

/** Whole seconds left until `deadlineMs` at `nowMs` (rounded up, never negative). */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000))
}

/**
 * A countdown in whole seconds. `start(s)` sets the deadline `s` seconds from now; ticking is derived from the clock,
 * so a throttled background tab still shows the right number when it wakes.
 */
export function useCountdown(): { left: number; start(seconds: number): void } {
  const [deadline, setDeadline] = useState(0)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (deadline <= Date.now()) return
    const id = setInterval(() => {
      const t = Date.now()
      setNow(t)
      if (t >= deadline) clearInterval(id)
    }, 250)
    return () => clearInterval(id)
  }, [deadline])
  return {
    left: secondsLeft(deadline, now),
    start: (seconds) => {
      const t = Date.now()
      setNow(t)
      setDeadline(t + seconds * 1000)
    },
  }
}
