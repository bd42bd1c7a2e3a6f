/**
 * `engine.user` (UserApi in common/engine-api.ts): the user stream, the user-state cache and coalesced snapshots to
 * the UI. Every subscriber gets the whole state plus the events applied since its own previous snapshot, at most one
 * snapshot per USER_SNAPSHOT_MS (the UI's target is 200 ms p95 from commit to screen).
 */
import * as z from 'zod/mini'
import { decimalPattern } from '../../common/amount/schema'
import { WALLETS } from '../../common/api/assets'
import { BOOKS } from '../../common/api/user-info'
import type {
  SubscriptionId,
  UserApi,
  UserEvent,
  UserSeed,
  UserSnapshot,
  UserStreamStatus,
} from '../../common/engine-api'
import { Scheduler, type Publishable } from '../publish/scheduler'
import type { SocketFactory } from '../socket/types'
import { UserCache } from './user-cache'
import { UserStream, type UserStreamTiming } from './user-stream'

/** Least gap between two snapshots to one subscriber, ms. */
export const USER_SNAPSHOT_MS = 50
/** Events kept for subscribers that have not had their snapshot yet; most per snapshot. */
export const EVENTS_KEPT = 200

const DIRTY_KEY = 'user'

export interface UserEngineDeps {
  factory: SocketFactory
  /** The `/ws/v2` URL for `connect(getTicket, opts)` (engine.ts derives it from the market socket's). */
  resolveUrl: (opts?: { url?: string; port?: number }) => string
  timing?: Partial<UserStreamTiming>
  now?: () => number
  random?: () => number
  log?: Pick<Console, 'warn'>
  /** Frees a comlink callback proxy (a subscriber's callback, a replaced `getTicket`). */
  releaseCallback?: (cb: unknown) => void
}

const withIdAndSymbol = z.looseObject({
  id: z.number().check(z.int()),
  symbol: z.string().check(z.regex(/^[a-z0-9]{2,20}$/)),
})
const money = z.string().check(z.regex(decimalPattern()))
const seedSchema = z.object({
  orders: z.optional(z.partialRecord(z.enum(['spot', 'futures', 'close', 'micro']), z.array(withIdAndSymbol))),
  positions: z.optional(z.array(withIdAndSymbol)),
  balances: z.optional(
    z.array(
      z.object({
        book: z.enum(BOOKS),
        wallet: z.enum(WALLETS),
        currency: z.string().check(z.regex(/^[A-Za-z0-9]{1,12}$/)),
        available: money,
        frozen: money,
      }),
    ),
  ),
})

/** The first problem of a failed parse as `seed.<path>: <message>`. */
function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const i = error.issues[0]
  return i
    ? `seed${i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}: ${i.message}`
    : 'seed: invalid'
}

class UserSubscription implements Publishable {
  readonly kind = 'user'
  readonly keys = [DIRTY_KEY]
  /** Index (in the engine's event numbering) of the last event delivered. */
  delivered: number
  constructor(
    readonly id: number,
    readonly intervalMs: number,
    readonly deliver: (s: UserSnapshot) => unknown,
    private readonly engine: UserEngine,
  ) {
    this.delivered = engine.eventCount
  }
  touch(): void {}
  build(): UserSnapshot {
    return this.engine.snapshotFor(this)
  }
}

export class UserEngine implements UserApi {
  readonly stream: UserStream
  readonly cache = new UserCache()
  private readonly scheduler: Scheduler
  private readonly subs = new Map<SubscriptionId, { pub: UserSubscription; cb: unknown }>()
  private nextId = 0
  /** Events applied since start (numbering for subscribers), the newest EVENTS_KEPT of them. */
  eventCount = 0
  private events: UserEvent[] = []
  private getTicket: unknown

  constructor(private readonly deps: UserEngineDeps) {
    const log = deps.log ?? console
    this.scheduler = new Scheduler(deps.now, (e) => log.warn('user snapshot delivery failed', e))
    this.stream = new UserStream({
      factory: deps.factory,
      timing: deps.timing,
      now: deps.now,
      random: deps.random,
      log,
      onEvent: (ev) => this.onEvent(ev),
      onResync: () => this.cache.forgetReplay(),
      onChange: () => this.scheduler.markDirty(DIRTY_KEY),
    })
  }

  async connect(getTicket: () => Promise<string>, opts?: { url?: string; port?: number }): Promise<void> {
    if (typeof getTicket !== 'function') throw new Error('getTicket: expected a function returning a ticket')
    const url = this.deps.resolveUrl(opts)
    if (this.getTicket !== getTicket) this.release(this.getTicket)
    this.getTicket = getTicket
    this.stream.connect(url, getTicket)
  }

  /** Network back or page visible: a stream waiting to reconnect tries now (worker-internal, not on UserApi). */
  checkLiveness(): void {
    this.stream.checkLiveness()
  }

  /** The device went offline: the stream drops now and waits for the network (worker-internal). */
  networkLost(): void {
    this.stream.networkLost()
  }

  async disconnect(): Promise<void> {
    this.stream.close()
    this.release(this.getTicket)
    this.getTicket = undefined
    this.cache.clear()
    this.events = []
    for (const { pub } of this.subs.values()) pub.delivered = this.eventCount
    this.scheduler.markDirty(DIRTY_KEY)
  }

  async seed(snapshot: UserSeed): Promise<void> {
    const parsed = z.safeParse(seedSchema, snapshot)
    if (!parsed.success) throw new Error(firstIssue(parsed.error))
    this.cache.seed(parsed.data)
    this.stream.resynced()
    this.scheduler.markDirty(DIRTY_KEY)
  }

  async subscribe(cb: (snap: UserSnapshot) => void): Promise<SubscriptionId> {
    if (typeof cb !== 'function') throw new Error('cb: expected a callback')
    const id = ++this.nextId
    const pub = new UserSubscription(id, USER_SNAPSHOT_MS, cb, this)
    this.subs.set(id, { pub, cb })
    this.scheduler.add(pub)
    return id
  }

  async unsubscribe(id: SubscriptionId): Promise<void> {
    const s = this.subs.get(id)
    if (!s) return
    this.subs.delete(id)
    this.scheduler.remove(id)
    this.release(s.cb)
  }

  async status(): Promise<UserStreamStatus> {
    return this.stream.status()
  }

  /** The snapshot for `sub`, with the events it has not seen yet; advances its position. */
  snapshotFor(sub: UserSubscription): UserSnapshot {
    const missed = this.eventCount - sub.delivered
    const held = Math.min(missed, this.events.length)
    const events = held > 0 ? this.events.slice(this.events.length - held) : []
    sub.delivered = this.eventCount
    return { status: this.stream.status(), ...this.cache.view(), events, eventsDropped: missed - held }
  }

  /** Subscriptions for the inspector. */
  subscriptions(): Publishable[] {
    return this.scheduler.subscriptions()
  }

  private onEvent(ev: UserEvent): void {
    this.cache.apply(ev)
    this.eventCount++
    this.events.push(ev)
    if (this.events.length > EVENTS_KEPT) this.events.splice(0, this.events.length - EVENTS_KEPT)
  }

  private release(cb: unknown): void {
    if (cb === undefined) return
    try {
      this.deps.releaseCallback?.(cb)
    } catch {
      // The UI side may already be gone.
    }
  }
}
