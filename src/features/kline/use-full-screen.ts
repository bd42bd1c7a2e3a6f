import { useCallback, useEffect, useState, type RefObject } from 'react'

/** Height the full-screen chart leaves for the period switch and the indicator bar, CSS px. */
const CHROME_PX = 92
/** The chart is never lower than this, even on a short landscape phone, CSS px. */
const MIN_HEIGHT = 200

/**
 * The chart card full screen (issue 24 part 5: "a full-screen landscape chart"): the card covers the viewport (CSS),
 * asks the browser for full screen (Fullscreen API, where the browser grants it to an element) and, when full screen,
 * for landscape (Screen Orientation API: Chrome on Android). Leaving full screen by the system (back, Esc) leaves it
 * here too. `height` is the chart's height to use while full (the viewport minus the card's other rows).
 */
export function useFullScreen(card: RefObject<HTMLElement | null>): {
  full: boolean
  height: number
  toggle: () => void
} {
  const [full, setFull] = useState(false)
  const [height, setHeight] = useState(() => Math.max(MIN_HEIGHT, window.innerHeight - CHROME_PX))
  useEffect(() => {
    if (!full) return
    const onResize = () => setHeight(Math.max(MIN_HEIGHT, window.innerHeight - CHROME_PX))
    const onChange = () => {
      if (document.fullscreenElement === null) setFull(false)
    }
    onResize()
    window.addEventListener('resize', onResize)
    document.addEventListener('fullscreenchange', onChange)
    return () => {
      window.removeEventListener('resize', onResize)
      document.removeEventListener('fullscreenchange', onChange)
    }
  }, [full])
  const toggle = useCallback(() => {
    if (full) {
      setFull(false)
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined)
      return
    }
    setFull(true)
    const el = card.current
    // Not every browser lets a page element go full screen (iOS Safari): the card then covers the viewport by CSS.
    el?.requestFullscreen?.()
      .then(() =>
        (screen.orientation as ScreenOrientation & { lock?: (o: string) => Promise<void> }).lock?.('landscape'),
      )
      .catch(() => undefined)
  }, [full, card])
  return { full, height, toggle }
}
