/**
 * Per-tick timing: JS time of applying a tick (synchronous, measured around `apply`) plus the JS time of the draw
 * that the chart then does in its own animation-frame callback (reported through `onFrame`). One tick per frame,
 * as a live feed delivers them.
 */
import type { KlineTick } from '../../../common/feed/messages'

export interface TickStats {
  /** Per-tick ms, update + draw. */
  samples: number[]
  /** The two parts of each sample, ms. */
  update: number[]
  draw: number[]
  /** Ticks whose frame drew nothing (should be 0). */
  undrawn: number
}

export interface TickTarget {
  apply(bars: KlineTick[]): void
  /** Registers the callback receiving each frame's draw time (ms). */
  onFrame(cb: (ms: number) => void): void
}

/** Applies each tick in its own frame and returns update+draw ms per tick (first 20 are warm-up, dropped). */
export async function measureTicks(ticks: KlineTick[][], target: TickTarget): Promise<TickStats> {
  let drawn: number | null
  target.onFrame((ms) => (drawn = ms))
  const samples: number[] = []
  const updates: number[] = []
  const draws: number[] = []
  let undrawn = 0
  for (let i = 0; i < ticks.length; i++) {
    drawn = null
    const t0 = performance.now()
    target.apply(ticks[i]!)
    const update = performance.now() - t0
    await new Promise((r) => requestAnimationFrame(r)) // queued after the chart's own frame callback
    if (drawn === null) undrawn++
    if (i < 20) continue
    samples.push(update + (drawn ?? 0))
    updates.push(update)
    draws.push(drawn ?? 0)
  }
  return { samples, update: updates, draw: draws, undrawn }
}
