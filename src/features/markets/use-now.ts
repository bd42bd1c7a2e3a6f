import { useEffect, useState } from 'react'

/** The current time (epoch ms), refreshed every `intervalMs` so relative ages ("5 minutes ago") stay true. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
