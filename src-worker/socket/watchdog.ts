/**
 * Liveness deadlines for one socket with a single timer: a connect deadline, a silence deadline that every frame
 * pushes back (without touching the timer, so 3k frames/s cost one number write each) and an optional probe that
 * must see a frame within a short time. Browsers hide protocol pings, so liveness is app-level (reliability.md §3).
 */
type Mode = 'connect' | 'silence'

export class Watchdog {
  private mode: Mode | undefined
  private limitMs = 0
  private since = 0
  private lastAlive = 0
  private probeStart: number | undefined
  private probeDeadline = Infinity
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly now: () => number,
    private readonly onDead: (reason: string) => void,
  ) {}

  /** Starts watching: 'connect' fails `limitMs` after now; 'silence' fails after `limitMs` without a frame. */
  arm(mode: Mode, limitMs: number): void {
    this.stop()
    this.mode = mode
    this.limitMs = limitMs
    this.since = this.lastAlive = this.now()
    this.schedule()
  }

  /** A frame arrived. */
  alive(): void {
    this.lastAlive = this.now()
  }

  /** Requires a frame within `withinMs` from now. */
  probe(withinMs: number): void {
    if (!this.mode) return
    this.probeStart = this.now()
    this.probeDeadline = this.probeStart + withinMs
    this.schedule()
  }

  stop(): void {
    clearTimeout(this.timer)
    this.timer = undefined
    this.mode = undefined
    this.probeStart = undefined
    this.probeDeadline = Infinity
  }

  private deadline(): { at: number; reason: string } {
    if (this.probeStart !== undefined && this.lastAlive > this.probeStart) {
      this.probeStart = undefined
      this.probeDeadline = Infinity
    }
    const main =
      this.mode === 'connect'
        ? { at: this.since + this.limitMs, reason: 'connect timeout' }
        : { at: this.lastAlive + this.limitMs, reason: 'silent socket' }
    return this.probeDeadline < main.at ? { at: this.probeDeadline, reason: 'liveness probe unanswered' } : main
  }

  private schedule(): void {
    clearTimeout(this.timer)
    const { at } = this.deadline()
    this.timer = setTimeout(() => this.check(), Math.max(0, at - this.now()))
  }

  private check(): void {
    this.timer = undefined
    if (!this.mode) return
    const { at, reason } = this.deadline()
    if (this.now() >= at) {
      this.stop()
      this.onDead(reason)
    } else {
      this.schedule()
    }
  }
}
