/** Frames per second over a sliding window of whole seconds (default 5 s), O(1) per frame. */
export class FrameRate {
  private readonly buckets: Float64Array
  private readonly secs: Float64Array

  constructor(private readonly windowSec = 5) {
    this.buckets = new Float64Array(windowSec)
    this.secs = new Float64Array(windowSec).fill(-1)
  }

  /** Counts one frame at time `now` (ms). */
  add(now: number): void {
    const sec = Math.floor(now / 1000)
    const i = sec % this.windowSec
    if (this.secs[i] !== sec) {
      this.secs[i] = sec
      this.buckets[i] = 0
    }
    this.buckets[i]!++
  }

  /** Mean frames/s over the last `windowSec` whole seconds before `now`. */
  perSec(now: number): number {
    const cur = Math.floor(now / 1000)
    let sum = 0
    for (let i = 0; i < this.windowSec; i++) {
      const s = this.secs[i]!
      if (s < cur && s >= cur - this.windowSec) sum += this.buckets[i]!
    }
    return sum / this.windowSec
  }
}
