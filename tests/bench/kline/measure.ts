/**
 * Tick → painted timing in the page. Each tick arrives from a timer at the feed's rate (so at a random phase to the
 * display's frames, as a websocket message does); the chart draws it in its own animation-frame callback, and a
 * callback queued after the chart's in the same frame reads one pixel back from every chart canvas, which makes
 * Chromium rasterise the frame's canvas commands now instead of later off the clock. Per tick:
 * - work: the update (tick applied) + the frame's draw and raster (first callback of the frame → pixels readable);
 * - latency: arrival → pixels readable, including the wait for the next frame.
 */
import type { KlineTick } from '../../../common/feed/messages'

export interface TickRun {
  /** Per tick, update + draw + raster, ms. */
  work: number[]
  /** Per tick, arrival → painted (includes the wait for the frame), ms. */
  latency: number[]
  /** Per tick, the chart's own JS draw time (controller.onFrame), ms. */
  draw: number[]
  /** Ticks whose frame drew nothing (should be 0). */
  undrawn: number
}

export interface TickTarget {
  apply(bars: KlineTick[]): void
  /** Registers the callback receiving each frame's JS draw time (ms). */
  onFrame(cb: (ms: number) => void): void
  /** Canvases to read back after the draw. */
  canvases(): HTMLCanvasElement[]
}

const WARMUP = 10

/**
 * Plays `ticks` at `rateHz` (one timer per tick, the next due one interval after the previous arrival or at once if
 * late, never a burst to catch up) and times each; the first WARMUP ticks are dropped.
 */
export async function playTicks(ticks: KlineTick[][], rateHz: number, target: TickTarget): Promise<TickRun> {
  const interval = 1000 / rateHz
  let drawn: number | null = null
  target.onFrame((ms) => (drawn = ms))
  const ctxs = target.canvases().map((c) => c.getContext('2d')!)
  const run: TickRun = { work: [], latency: [], draw: [], undrawn: 0 }
  let due = performance.now()
  for (let i = 0; i < ticks.length; i++) {
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())))
    const sample = await new Promise<{ work: number; latency: number; draw: number | null }>((resolve) => {
      drawn = null
      let frameStart = 0
      requestAnimationFrame(() => (frameStart = performance.now())) // first callback of the next frame
      const t0 = performance.now()
      target.apply(ticks[i]!)
      const update = performance.now() - t0
      requestAnimationFrame(() => {
        for (const ctx of ctxs) ctx.getImageData(0, 0, 1, 1)
        const end = performance.now()
        resolve({ work: update + (end - frameStart), latency: end - t0, draw: drawn })
      })
    })
    due = Math.max(performance.now(), due + interval)
    if (sample.draw === null) run.undrawn++
    if (i < WARMUP) continue
    run.work.push(sample.work)
    run.latency.push(sample.latency)
    run.draw.push(sample.draw ?? 0)
  }
  return run
}
