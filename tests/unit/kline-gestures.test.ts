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
  const el = new EventTarget() as EventTarget & {
    getBoundingClientRect(): { left: number; top: number }
    setPointerCapture(): void
    style: { touchAction: string }
  }
  el.style = { touchAction: '' }
  el.getBoundingClientRect = () => ({ left: 10, top: 100 })
  el.setPointerCapture = () => undefined
  const detach = attachGestures(el as unknown as HTMLElement, target)
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
  return { calls, fire, panned, detach, el, isShown: () => shown }
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
    fire('pointermove', 140, 70)
    fire('pointerup', 140, 70)
    expect(calls.at(-1)).toEqual(['cross', { x: 140, y: 70 }])
    expect(panned()).toBe(0)
    expect(isShown()).toBe(true)
  })

  it('a tap while the crosshair is shown hides it; vertical page scrolling is off only while it is shown', () => {
    const { fire, isShown, el } = setup()
    expect(el.style.touchAction).toBe('pan-y')
    fire('pointerdown', 100, 50)
    vi.advanceTimersByTime(LONG_PRESS_MS)
    fire('pointerup', 100, 50)
    expect(isShown()).toBe(true)
    expect(el.style.touchAction).toBe('none')
    fire('pointerdown', 200, 80)
    fire('pointerup', 201, 80)
    expect(isShown()).toBe(false)
    expect(el.style.touchAction).toBe('pan-y')
  })

  it('a touch the browser takes over (pointercancel) neither pans on nor hides the crosshair', () => {
    const { fire, panned, isShown, calls } = setup()
    fire('pointerdown', 100, 50)
    vi.advanceTimersByTime(LONG_PRESS_MS)
    fire('pointerup', 100, 50)
    const before = calls.length
    fire('pointerdown', 100, 50)
    fire('pointercancel', 0, 0)
    fire('pointermove', 150, 50)
    expect(isShown()).toBe(true)
    expect(panned()).toBe(0)
    expect(calls.length).toBe(before)
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
    const { calls, fire, detach } = setup()
    detach()
    fire('pointermove', 50, 40, 1, 'mouse')
    fire('pointerdown', 50, 40)
    vi.advanceTimersByTime(LONG_PRESS_MS)
    expect(calls).toEqual([])
  })
})
