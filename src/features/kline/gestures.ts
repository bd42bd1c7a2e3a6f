/**
 * Pointer gestures of the K-line chart, on native pointer events of the stage's container (one listener set, pointer
 * capture, no hit-canvas readback per move):
 * - mouse: hover moves the crosshair, drag pans, wheel zooms around the pointer;
 * - touch: swipe pans, pinch zooms (and pans with the fingers' midpoint), long press shows the crosshair and a drag
 *   then moves it; lifting the finger (or the browser taking the touch over) hides it, as in exchange apps.
 *   Vertical swipes scroll the page (touch-action pan-y) except while the crosshair is shown, when every touch
 *   belongs to the chart (a non-passive touchmove keeps the page still during the long-press drag, because
 *   touch-action is read only when a touch starts);
 * - anywhere: a press outside the chart hides the crosshair.
 */

/** What gestures drive (the ChartController). */
export interface GestureTarget {
  panBy(dx: number): void
  zoomAt(factor: number, x: number): void
  setCrosshair(point: { x: number; y: number } | null): void
  /** True while the crosshair is shown. */
  crosshairShown(): boolean
}

export const LONG_PRESS_MS = 350
/** Movement (CSS px) below which a touch still counts as a press or a tap. */
export const TAP_SLOP_PX = 6

type Mode = 'idle' | 'pending' | 'pan' | 'crosshair' | 'pinch'

const noMenu = (e: Event) => e.preventDefault()

/**
 * Listens on `el` and drives `target`; presses anywhere else in `root` (default: el's document) hide the crosshair.
 * Returns a function that removes the listeners.
 */
export function attachGestures(
  el: HTMLElement,
  chart: GestureTarget,
  root: EventTarget | null = el.ownerDocument ?? null,
): () => void {
  const syncTouchAction = () => {
    if (el.style) el.style.touchAction = chart.crosshairShown() ? 'none' : 'pan-y'
  }
  const target: GestureTarget = {
    ...chart,
    setCrosshair: (p) => {
      chart.setCrosshair(p)
      syncTouchAction()
    },
  }
  syncTouchAction()
  const pointers = new Map<number, { x: number; y: number }>()
  let mode: Mode = 'idle'
  let start = { x: 0, y: 0 }
  let last = { x: 0, y: 0 }
  let pinchDist = 0
  let pressTimer: ReturnType<typeof setTimeout> | undefined
  let hadCrosshair = false

  const local = (e: PointerEvent | WheelEvent) => {
    const r = el.getBoundingClientRect()
    return { x: e.clientX - r.left, y: e.clientY - r.top }
  }
  const clearPress = () => {
    if (pressTimer !== undefined) clearTimeout(pressTimer)
    pressTimer = undefined
  }
  const pinchState = () => {
    const [a, b] = [...pointers.values()]
    if (!a || !b) return null
    return { dist: Math.hypot(a.x - b.x, a.y - b.y), mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } }
  }

  const down = (e: PointerEvent) => {
    const p = local(e)
    pointers.set(e.pointerId, p)
    el.setPointerCapture?.(e.pointerId)
    clearPress()
    if (pointers.size === 2) {
      mode = 'pinch'
      target.setCrosshair(null)
      const s = pinchState()
      pinchDist = s?.dist ?? 0
      last = s?.mid ?? p
      return
    }
    start = last = p
    hadCrosshair = target.crosshairShown()
    if (e.pointerType === 'mouse') {
      mode = 'pan'
      return
    }
    mode = hadCrosshair ? 'crosshair' : 'pending'
    if (!hadCrosshair) pressTimer = setTimeout(() => ((mode = 'crosshair'), target.setCrosshair(last)), LONG_PRESS_MS)
  }

  const move = (e: PointerEvent) => {
    const p = local(e)
    if (!pointers.has(e.pointerId)) {
      if (e.pointerType === 'mouse') target.setCrosshair(p)
      return
    }
    pointers.set(e.pointerId, p)
    if (mode === 'pinch') {
      const s = pinchState()
      if (!s) return
      if (pinchDist > 0 && s.dist > 0) target.zoomAt(s.dist / pinchDist, s.mid.x)
      target.panBy(s.mid.x - last.x)
      pinchDist = s.dist
      last = s.mid
      return
    }
    const moved = Math.hypot(p.x - start.x, p.y - start.y) > TAP_SLOP_PX
    if (mode === 'pending' && moved) {
      clearPress()
      mode = 'pan'
    }
    if (mode === 'pan') target.panBy(p.x - last.x)
    else if (mode === 'crosshair' && (moved || !hadCrosshair)) target.setCrosshair(p)
    if (e.pointerType === 'mouse' && mode === 'pan') target.setCrosshair(p)
    last = p
  }

  const up = (e: PointerEvent) => {
    if (!pointers.delete(e.pointerId)) return
    clearPress()
    // The crosshair of a touch lives as long as the finger: lifting it (after a long press, or a tap while a
    // hover crosshair was shown) hides it.
    if (e.pointerType !== 'mouse' && mode === 'crosshair') target.setCrosshair(null)
    if (pointers.size === 1 && mode === 'pinch') {
      // One finger left after a pinch: continue as a pan from where it is.
      last = start = [...pointers.values()][0]!
      mode = 'pan'
      return
    }
    if (pointers.size === 0) mode = 'idle'
  }

  // The browser took the touch (e.g. a vertical scroll): forget it without panning; a crosshair it held goes.
  const cancel = (e: PointerEvent) => {
    if (!pointers.delete(e.pointerId)) return
    clearPress()
    if (mode === 'crosshair' && e.pointerType !== 'mouse') target.setCrosshair(null)
    if (pointers.size === 0) mode = 'idle'
  }

  // While a finger drives the crosshair the page must not scroll, although the touch began with pan-y.
  const touchMove = (e: Event) => {
    if (mode === 'crosshair' && e.cancelable) e.preventDefault()
  }

  // A press outside the chart (another panel, the page header) dismisses the crosshair.
  const outside = (e: Event) => {
    const t = e.target as Node | null
    if (t === el || (t && typeof el.contains === 'function' && el.contains(t))) return
    if (chart.crosshairShown()) target.setCrosshair(null)
  }

  const leave = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && !pointers.has(e.pointerId)) target.setCrosshair(null)
  }

  const wheel = (e: WheelEvent) => {
    e.preventDefault()
    const delta = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY
    target.zoomAt(Math.exp(-delta * 0.002), local(e).x)
  }

  el.addEventListener('pointerdown', down)
  el.addEventListener('pointermove', move)
  el.addEventListener('pointerup', up)
  el.addEventListener('pointercancel', cancel)
  el.addEventListener('pointerleave', leave)
  el.addEventListener('wheel', wheel, { passive: false })
  el.addEventListener('contextmenu', noMenu) // a long press must not open the browser's menu
  el.addEventListener('touchmove', touchMove, { passive: false })
  root?.addEventListener('pointerdown', outside, true)
  return () => {
    clearPress()
    root?.removeEventListener('pointerdown', outside, true)
    el.removeEventListener('touchmove', touchMove)
    el.removeEventListener('pointerdown', down)
    el.removeEventListener('pointermove', move)
    el.removeEventListener('pointerup', up)
    el.removeEventListener('pointercancel', cancel)
    el.removeEventListener('pointerleave', leave)
    el.removeEventListener('wheel', wheel)
    el.removeEventListener('contextmenu', noMenu)
  }
}
