/**
 * The user-event bus across processes (issue 22 part 3): the outbox relay publishes each committed event on
 * `tc.user.<userId>` through JetStream, so `publish` resolves only once the server stored it (stream
 * `TC_USER_EVENTS`, 48 h); gateways hear the events on plain core subscriptions, either every user's (`tc.user.>`,
 * `subscribe`) or one user's (`subscribeUser`, what a gateway holding a few of many users' streams should use).
 *
 * Delivery is at least once: a relay that published and died before its commit publishes again. The message id
 * `<userId>:<seq>` lets JetStream drop such a repeat within its duplicate window, but core subscribers hear every
 * publish, so they deduplicate by sequence (server/stream/fanout.ts does). Per user, the order is the relay's
 * publishing order on one connection.
 */
import { jetstream, jetstreamManager, type JetStreamClient, type StreamConfig } from '@nats-io/jetstream'
import { DiscardPolicy, JetStreamApiError, RetentionPolicy, StorageType } from '@nats-io/jetstream'
import { nanos, type Msg, type Subscription } from '@nats-io/transport-node'
import { callEach, type UserEventBus } from '../stream/bus'
import type { UserEvent } from '../stream/events'
import type { NatsConnection } from './nats'
import { subjects, type Subjects } from './subjects'

/** How long the stream keeps user events, ms (48 h; the resume window is 24 h, USER_STREAM_RESUME_MS). */
export const USER_EVENTS_MAX_AGE_MS = 48 * 3_600_000

/** Options of the user-event stream and bus. */
export interface UserEventStreamOptions {
  /** Namespace of subjects and stream (a test run's id); none by default. */
  prefix?: string
  /** Age after which the stream drops events, ms (default 48 h). */
  maxAgeMs?: number
  /** Window in which JetStream drops a repeated `<userId>:<seq>`, ms (default 2 min). */
  duplicateWindowMs?: number
  /** Replicas in a JetStream cluster (default 1; 3 on a three-node cluster). */
  replicas?: number
  /** Bytes the stream may hold before it drops its oldest events (default unlimited). */
  maxBytes?: number
}

/** Options of `NatsUserEventBus.open`. */
export interface NatsUserEventBusOptions extends UserEventStreamOptions {
  /** How long `publish` waits for each acknowledgement, ms (default 5000). */
  ackTimeoutMs?: number
  /** Where undecodable messages are reported. */
  log?: (line: string) => void
}

/**
 * Creates the stream of user events, or updates it to these options when it exists with others (idempotent: every
 * process may call it at start).
 * @returns the stream's name
 * @throws Error naming the server when JetStream is not enabled there, or the server's refusal
 */
export async function ensureUserEventStream(nc: NatsConnection, opts: UserEventStreamOptions = {}): Promise<string> {
  const names = subjects(opts.prefix)
  const config: Partial<StreamConfig> & { name: string } = {
    name: names.userStream,
    subjects: [names.allUsers],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(opts.maxAgeMs ?? USER_EVENTS_MAX_AGE_MS),
    duplicate_window: nanos(opts.duplicateWindowMs ?? 120_000),
    num_replicas: opts.replicas ?? 1,
    max_bytes: opts.maxBytes ?? -1,
  }
  let jsm
  try {
    jsm = await jetstreamManager(nc)
  } catch (err) {
    throw new Error(`JetStream is not available on the NATS server ${nc.getServer()}: ${(err as Error).message}`, {
      cause: err,
    })
  }
  try {
    await jsm.streams.add(config)
  } catch (err) {
    // 10058: the stream exists with another configuration (an older deployment's): bring it to this one.
    if (!(err instanceof JetStreamApiError) || err.code !== 10058) throw err
    const { name, ...update } = config
    await jsm.streams.update(name, update)
  }
  return config.name
}

/** The NATS bus: publish through JetStream, subscribe with core subscriptions. The connection stays the caller's. */
export class NatsUserEventBus implements UserEventBus {
  private readonly js: JetStreamClient
  private readonly names: Subjects
  private readonly listeners = new Set<(event: UserEvent) => void>()
  private all: Subscription | undefined
  private readonly users = new Map<number, { sub: Subscription; listeners: Set<(event: UserEvent) => void> }>()
  private closed = false

  private constructor(
    private readonly nc: NatsConnection,
    private readonly opts: NatsUserEventBusOptions,
  ) {
    this.js = jetstream(nc)
    this.names = subjects(opts.prefix)
  }

  /** Ensures the stream (ensureUserEventStream) and answers a bus on `nc`. */
  static async open(nc: NatsConnection, opts: NatsUserEventBusOptions = {}): Promise<NatsUserEventBus> {
    await ensureUserEventStream(nc, opts)
    return new NatsUserEventBus(nc, opts)
  }

  /**
   * Publishes every event on `tc.user.<userId>`, in order, and resolves once JetStream acknowledged all of them.
   * @throws Error naming the subject when an acknowledgement does not come within `ackTimeoutMs` or the server
   *   refuses (no stream for the subject, storage full): the relay's transaction then rolls back and it tries again
   */
  async publish(events: readonly UserEvent[]): Promise<void> {
    if (this.closed) throw new Error('user event bus is closed')
    const timeout = this.opts.ackTimeoutMs ?? 5000
    // Sent in order on one connection without waiting in between; the acknowledgements are awaited together.
    const acks = events.map((e) => {
      const subject = this.names.user(e.userId)
      return this.js
        .publish(subject, JSON.stringify(e), { msgID: `${e.userId}:${e.seq}`, timeout })
        .catch((err: unknown) => {
          throw new Error(`user event ${e.userId}:${e.seq} not acknowledged on ${subject}: ${(err as Error).message}`, {
            cause: err,
          })
        })
    })
    await Promise.all(acks)
  }

  /** Every user's events (`tc.user.>`); call `ready()` to know the server registered the interest. */
  subscribe(listener: (event: UserEvent) => void): () => void {
    this.listeners.add(listener)
    if (!this.all && !this.closed)
      this.all = this.nc.subscribe(this.names.allUsers, { callback: (err, msg) => this.heard(err, msg) })
    return () => {
      this.listeners.delete(listener)
      if (this.listeners.size === 0) {
        this.all?.unsubscribe()
        this.all = undefined
      }
    }
  }

  async subscribeUser(userId: number, listener: (event: UserEvent) => void): Promise<() => void> {
    if (this.closed) throw new Error('user event bus is closed')
    let entry = this.users.get(userId)
    if (!entry) {
      const listeners = new Set<(event: UserEvent) => void>()
      const sub = this.nc.subscribe(this.names.user(userId), {
        callback: (err, msg) => {
          const e = this.decode(err, msg)
          if (e && e.userId === userId) callEach(listeners, e)
        },
      })
      this.users.set(userId, (entry = { sub, listeners }))
    }
    entry.listeners.add(listener)
    await this.ready()
    const held = entry
    return () => {
      held.listeners.delete(listener)
      if (held.listeners.size === 0 && this.users.get(userId) === held) {
        held.sub.unsubscribe()
        this.users.delete(userId)
      }
    }
  }

  /** Resolves once the server has processed every subscription made so far (a round trip). */
  async ready(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.flush()
  }

  /** Users with a per-user subscription (tests, diagnostics). */
  subscribedUsers(): number {
    return this.users.size
  }

  /** Ends the subscriptions; the connection stays open (close it with closeNats). */
  close(): Promise<void> {
    this.closed = true
    this.all?.unsubscribe()
    this.all = undefined
    for (const { sub } of this.users.values()) sub.unsubscribe()
    this.users.clear()
    this.listeners.clear()
    return Promise.resolve()
  }

  private heard(err: Error | null, msg: Msg): void {
    const e = this.decode(err, msg)
    if (e) callEach(this.listeners, e)
  }

  private decode(err: Error | null, msg: Msg): UserEvent | undefined {
    if (err) {
      this.opts.log?.(`nats: user events subscription: ${err.message}`)
      return undefined
    }
    try {
      const e = msg.json<UserEvent>()
      if (Number.isInteger(e.userId) && Number.isInteger(e.seq) && typeof e.topic === 'string') return e
    } catch {
      // Reported below.
    }
    this.opts.log?.(`nats: undecodable user event on ${msg.subject}`)
    return undefined
  }
}
