/**
 * The risk engine's action queue (engine.ts): jobs wait in order and start as the plan of engine-plan.ts allows — at
 * most `maxInFlight` at once, one at a time per account (a take-profit decided before a crash runs before the
 * liquidation it calls for), liquidations batched — and a job whose key already waits or runs is not queued twice.
 * Past `maxQueued` waiting jobs, new ones are dropped (the next mark tick decides them again).
 */
import { admit, plan, type PlannedJob, type QueueLimits } from './engine-plan'

/** Actions running at once (each holds a database connection). */
export const MAX_IN_FLIGHT = 4
/** Accounts liquidated in one transaction at most (a tick that crosses many liquidation prices). */
export const LIQUIDATION_BATCH = 200
/** Actions waiting; past it decisions are dropped and counted. */
export const MAX_QUEUED = 10_000
/** The risk engine's budget. */
export const ENGINE_LIMITS: QueueLimits = {
  maxInFlight: MAX_IN_FLIGHT,
  batch: LIQUIDATION_BATCH,
  maxQueued: MAX_QUEUED,
}

/** A job with what carries it out. */
export type QueuedJob = PlannedJob & { run: () => Promise<unknown> }

/** What the queue tells its owner. */
export interface ActionQueueHooks<J extends QueuedJob> {
  /** Carries out a batch the plan started (one job, or liquidations batched). */
  run(jobs: J[]): Promise<unknown>
  /** A batch is starting. */
  onStart(jobs: J[]): void
  /** A batch failed (its error). */
  onFailure(jobs: J[], err: unknown): void
  /** A batch ended, failed or not (the owner checks whether it is idle). */
  onSettled(): void
}

/** The queue; see the header. */
export class ActionQueue<J extends QueuedJob> {
  /** Keys of the jobs waiting or running. */
  private readonly inFlight = new Set<string>()
  /** Accounts a job of which runs. */
  private busyAccounts = new Set<string>()
  private waiting: J[] = []
  private running = 0

  constructor(
    private readonly limits: QueueLimits,
    private readonly hooks: ActionQueueHooks<J>,
  ) {}

  /** True while a job waits or runs. */
  get busy(): boolean {
    return this.running > 0 || this.waiting.length > 0
  }

  /** Queues `job` unless its key waits or runs (`duplicate`) or the queue is full (`dropped`); starts what may start. */
  enqueue(job: J): 'queued' | 'duplicate' | 'dropped' {
    const admitted = admit(job.key, this.inFlight, this.waiting.length, this.limits)
    if (admitted !== 'queued') return admitted
    this.inFlight.add(job.key)
    this.waiting.push(job)
    this.pump()
    return admitted
  }

  /** Drops the waiting jobs `keep` says no to (running ones finish). */
  keepOnly(keep: (job: J) => boolean): void {
    this.waiting = this.waiting.filter((j) => {
      if (keep(j)) return true
      this.inFlight.delete(j.key)
      return false
    })
  }

  /** Starts what the plan says may start now. */
  private pump(): void {
    const next = plan(this.waiting, this.busyAccounts, this.running, this.limits)
    this.waiting = next.rest
    this.busyAccounts = next.busy
    for (const jobs of next.runs) this.launch(jobs)
  }

  private launch(jobs: J[]): void {
    this.hooks.onStart(jobs)
    this.running++
    this.hooks
      .run(jobs)
      .catch((err: unknown) => this.hooks.onFailure(jobs, err))
      .finally(() => {
        this.running--
        for (const j of jobs) {
          this.busyAccounts.delete(j.account)
          this.inFlight.delete(j.key)
        }
        this.pump()
        this.hooks.onSettled()
      })
  }
}
