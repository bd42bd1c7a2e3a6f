// K-line chart gestures: what swipes, long presses, taps, pinches, hovers and wheel turns do to the chart.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { attachGestures, LONG_PRESS_MS, type GestureTarget } from '../../src/features/kline/gestures'

type Call = ['pan', number] | ['zoom', number, number] | ['cross', { x: number; y: number } | null]

/** A chart stand-in recording calls, and an element at page offset (10, 100) to dispatch pointer events on. */
function setup() {
  const calls: Call[] = []
  let shown = false
  const target: GestureTarget = {
    panBy: (dx) => calls.push(['pan', dx]),
    zoomAt: (f, x) => calls.push(['zoom', f, x]),
    setCrosshair: (p) => ((shown = p !== null), calls.push(['cross', p])),
    crosshairShown: () => shown,
  }
  const root = new EventTarget() // the document: presses outside the chart land here
  const el = new EventTarget() as EventTarget & {
    getBoundingClientRect(): { left: number; top: number }
    setPointerCapture(): void
    style: { touchAction: string }
  }
  el.style = { touchAction: '' }
  el.getBoundingClientRect = () => ({ left: 10, top: 100 })
  el.setPointerCapture = () => undefined
  const detach = attachGestures(el as unknown as HTMLElement, target, root)
  const fire = (type: string, x: number, y: number, id = 1, pointerType = 'touch') => {
    const e = Object.assign(new Event(type, { cancelable: true }), {
      clientX: x + 10,
      clientY: y + 100,
      pointerId: id,
      pointerType,
    })
    el.dispatchEvent(e)
    return e
  }
  const panned = () => calls.filter((c) => c[0] === 'pan').reduce((s, c) => s + c[1], 0)
  const pressOutside = () => root.dispatchEvent(new Event('pointerdown'))
  return { calls, fire, panned, detach, el, pressOutside, isShown: () => shown }
}

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

describe('touch', () => {
  it('a swipe pans by the finger movement and shows no crosshair', () => {
    const { calls, fire, panned } = setup()
    fire('pointerdown', 100, 50)
    fire('pointermove', 110, 50)
    fire('pointermove', 160, 52)
    fire('pointerup', 160, 52)
    vi.advanceTimersByTime(LONG_PRESS_MS * 2)
    expect(panned()).toBe(60)
    expect(calls.some((c) => c[0] === 'cross')).toBe(false)
  })

  it('a long press shows the crosshair where the finger is, a drag then moves it instead of panning', () => {
    const { calls, fire, panned, isShown } = setup()
    fire('pointerdown', 100, 50)
    vi.advanceTimersByTime(LONG_PRESS_MS)
    expect(calls).toEqual([['cross', { x: 100, y: 50 }]])
    expect(isShown()).toBe(true)
    fire('pointermove', 140, 70)
    expect(calls.at(-1)).toEqual(['cross', { x: 140, y: 70 }])
    expect(panned()).toBe(0)
  })

  it('lifting the finger after a long press hides the crosshair; page scrolling is off only while it is shown', () => {
    const { fire, isShown, el } = setup()
    expect(el.style.touchAction).toBe('pan-y')
    fire('pointerdown', 100, 50)
    vi.advanceTimersByTime(LONG_PRESS_MS)
    expect(isShown()).toBe(true)
    expect(el.style.touchAction).toBe('none')
    fire('pointermove', 130, 60)
    fire('pointerup', 130, 60)
    expect(isShown()).toBe(false)
    expect(el.style.touchAction).toBe('pan-y')
    // Also when the finger lifts without moving.
    fire('pointerdown', 200, 80)
    vi.advanceTimersByTime(LONG_PRESS_MS)
    fire('pointerup', 200, 80)
    expect(isShown()).toBe(false)
  })

  it('during the long-press drag the page does not scroll (touchmove is cancelled); a swipe still scrolls it', () => {
    const { fire, el } = setup()
    const touchMove = () => {
      const e = new Event('touchmove', { cancelable: true })
      el.dispatchEvent(e)
      return e.defaultPrevented
    }
    fire('pointerdown', 100, 50)
    expect(touchMove()).toBe(false)
    vi.advanceTimersByTime(LONG_PRESS_MS)
    expect(touchMove()).toBe(true)
    fire('pointerup', 100, 50)
    expect(touchMove()).toBe(false)
  })

  it('a touch the browser takes over (pointercancel) does not pan, and takes a long-press crosshair with it', () => {
    const { fire, panned, isShown, calls } = setup()
    fire('pointerdown', 100, 50)
    fire('pointercancel', 0, 0)
    fire('pointermove', 150, 50)
    vi.advanceTimersByTime(LONG_PRESS_MS * 2)
    expect(calls).toEqual([])
    fire('pointerdown', 100, 50)
    vi.advanceTimersByTime(LONG_PRESS_MS)
    expect(isShown()).toBe(true)
    fire('pointercancel', 0, 0)
    expect(isShown()).toBe(false)
    expect(panned()).toBe(0)
  })

  it('a press elsewhere on the page hides a shown crosshair', () => {
    const { fire, isShown, pressOutside } = setup()
    fire('pointermove', 50, 40, 1, 'mouse')
    expect(isShown()).toBe(true)
    pressOutside()
    expect(isShown()).toBe(false)
  })

  it('spreading two fingers zooms in around their midpoint', () => {
    const { calls, fire } = setup()
    fire('pointerdown', 100, 50, 1)
    fire('pointerdown', 200, 50, 2)
    fire('pointermove', 250, 50, 2)
    const zoom = calls.find((c) => c[0] === 'zoom') as ['zoom', number, number]
    expect(zoom[1]).toBeCloseTo(1.5, 9)
    expect(zoom[2]).toBe(175)
  })
})

describe('mouse and wheel', () => {
  it('hovering moves the crosshair, dragging pans, leaving hides it', () => {
    const { calls, fire, panned, isShown } = setup()
    fire('pointermove', 50, 40, 1, 'mouse')
    expect(calls).toEqual([['cross', { x: 50, y: 40 }]])
    fire('pointerdown', 50, 40, 1, 'mouse')
    fire('pointermove', 20, 40, 1, 'mouse')
    fire('pointerup', 20, 40, 1, 'mouse')
    expect(panned()).toBe(-30)
    fire('pointerleave', 20, 40, 1, 'mouse')
    expect(isShown()).toBe(false)
  })

  it('wheel down zooms out around the pointer and keeps the page from scrolling', () => {
    const { calls, el } = setup()
    const e = Object.assign(new Event('wheel', { cancelable: true }), {
      clientX: 110,
      clientY: 150,
      deltaY: 100,
      deltaMode: 0,
    })
    el.dispatchEvent(e)
    expect(e.defaultPrevented).toBe(true)
    const [kind, factor, x] = calls[0] as ['zoom', number, number]
    expect(kind).toBe('zoom')
    expect(factor).toBeLessThan(1)
    expect(x).toBe(100)
  })

  it('detaching stops every gesture', () => {
    const { calls, fire, detach, pressOutside } = setup()
    detach()
    pressOutside()
    fire('pointermove', 50, 40, 1, 'mouse')
    fire('pointerdown', 50, 40)
    vi.advanceTimersByTime(LONG_PRESS_MS)
    expect(calls).toEqual([])
  })
})
