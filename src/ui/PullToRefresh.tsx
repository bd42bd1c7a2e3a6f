import { Trans } from '@lingui/react/macro'
import { useRef, useState, type ReactNode, type TouchEvent } from 'react'
import { Icon } from './Icon'
import { Spinner } from './Spinner'

/** Pull states of spec §2: pulling, release, loading, success (plus idle). */
export type PullState = 'idle' | 'pulling' | 'release' | 'loading' | 'success'

/** Pull distance (px, after damping) past which letting go refreshes. */
export const PULL_THRESHOLD_PX = 56
const MAX_PULL_PX = 96
const SUCCESS_SHOW_MS = 600

function atTop(): boolean {
  return (document.scrollingElement?.scrollTop ?? 0) <= 0
}

/**
 * Pull-to-refresh around page content: pull down at the top of the page, let go past the threshold, `onRefresh`
 * runs while "Loading…" shows, then "Refreshed" briefly. Touch only (mouse users have the page's own refresh).
 */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const [state, setState] = useState<PullState>('idle')
  const [distance, setDistance] = useState(0)
  const start = useRef<number | null>(null)

  const onStart = (e: TouchEvent) => {
    if (state === 'idle' && atTop()) start.current = e.touches[0]?.clientY ?? null
  }
  const onMove = (e: TouchEvent) => {
    if (start.current === null) return
    const dy = (e.touches[0]?.clientY ?? start.current) - start.current
    const d = Math.min(MAX_PULL_PX, Math.max(0, dy * 0.5))
    setDistance(d)
    setState(d === 0 ? 'idle' : d >= PULL_THRESHOLD_PX ? 'release' : 'pulling')
  }
  const onEnd = () => {
    if (start.current === null) return
    start.current = null
    if (state !== 'release') {
      setState('idle')
      setDistance(0)
      return
    }
    setState('loading')
    setDistance(PULL_THRESHOLD_PX)
    void onRefresh()
      .catch(() => undefined)
      .then(() => {
        setState('success')
        setTimeout(() => {
          setState('idle')
          setDistance(0)
        }, SUCCESS_SHOW_MS)
      })
  }

  // A finger is down and has moved: only then are we pulling or about to release (the ref does not re-render).
  const dragging = state === 'pulling' || state === 'release'
  return (
    <div className="ptr" onTouchStart={onStart} onTouchMove={onMove} onTouchEnd={onEnd} onTouchCancel={onEnd}>
      <div className="ptr__head" style={{ height: distance }} aria-live="polite">
        {state !== 'idle' && <PullLabel state={state} />}
      </div>
      <div className={dragging ? 'ptr__body' : 'ptr__body ptr__body--settle'}>{children}</div>
    </div>
  )
}

function PullLabel({ state }: { state: PullState }) {
  switch (state) {
    case 'pulling':
      return (
        <span className="ptr__label">
          <Icon name="arrowDown" size={16} />
          <Trans id="ptr.pulling">Pull down to refresh</Trans>
        </span>
      )
    case 'release':
      return (
        <span className="ptr__label ptr__label--release">
          <Icon name="arrowDown" size={16} />
          <Trans id="ptr.release">Release to refresh</Trans>
        </span>
      )
    case 'loading':
      return (
        <span className="ptr__label">
          <Spinner size={16} />
          <Trans id="ptr.loading">Loading…</Trans>
        </span>
      )
    case 'success':
      return (
        <span className="ptr__label">
          <Icon name="check" size={16} />
          <Trans id="ptr.success">Refreshed</Trans>
        </span>
      )
    default:
      return null
  }
}
