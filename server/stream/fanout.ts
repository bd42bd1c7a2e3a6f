/**
 * The user stream's fan-out (issue 22 part 1): committed events from the bus reach every connection of their user,
 * exactly once each and in sequence, on the channels it subscribed.
 *
 * Each connection has a `UserFeed` that tracks `last`, the user's last sequence number it has dealt with. An event at
 * or below `last` is a duplicate (the bus delivers at least once) and is dropped; one past `last + 1` leaves a gap,
 * filled from the outbox (`eventsAfter`) before it is delivered. Dealing with an event advances `last` whether or
 * not a subscribed channel matches it, so the sequence the client sees has holes only where it did not subscribe.
 *
 * Everything a feed does that reads the database runs in its own lane, one task at a time: the gap fills, the
 * `auth` start and a `sub` with `from_seq`, whose missed events are pushed before any live event of that channel
 * (live ones wait in `heard` meanwhile; when more than `maxHeard` wait, they are forgotten and read back from the
 * outbox, so a slow database never costs unbounded memory).
 */
import {
  channelOfEvent,
  STREAM_CODES,
  topicOfChannel,
  USER_STREAM_RESUME_MS,
  type StreamServerMessage,
  type UserTopic,
} from '../../common/api/stream'
import type { Db } from '../db/client'
import type { UserEventBus } from './bus'
import { eventsAfter, lastSeqOf, resumeFloor, type UserEvent } from './events'

/** Where a feed writes: the connection's socket. */
export interface FeedOutput {
  send(msg: StreamServerMessage): void
  /** Resolves once the socket can take more (a long resume waits between pages); false when it closed. */
  writable(): Promise<boolean>
}

interface Sub {
  topic: UserTopic
  symbol: string | null
  /** Events at or below this seq are not pushed on this channel (Infinity until its `sub` was answered). */
  after: number
}

/** Events read per page of a gap fill or a resume. */
const PAGE = 500

/** One connection's view of its user's event sequence. */
export class UserFeed {
  /** Last seq dealt with; -1 until `start` read it. */
  last = -1
  private readonly subs = new Map<string, Sub>()
  private readonly heard = new Map<number, UserEvent>()
  private target = 0
  private lane: Promise<void> = Promise.resolve()
  private tasks = 0
  private closed = false

  constructor(
    readonly userId: number,
    private readonly db: Db,
    private readonly out: FeedOutput,
    private readonly opts: { maxSubs: number; maxHeard: number; log?: (line: string) => void },
  ) {}

  /** Reads the user's last seq (the feed starts there); resolves with it. */
  async start(): Promise<number> {
    await this.run(async () => {
      const last = await lastSeqOf(this.db, this.userId)
      this.last = Math.max(last, this.last)
      await this.drain()
    })
    return this.last
  }

  /** Channels subscribed (or being subscribed). */
  channels(): number {
    return this.subs.size
  }

  /** An event of this feed's user from the bus. */
  offer(e: UserEvent): void {
    if (this.closed || (this.last >= 0 && e.seq <= this.last)) return
    if (this.tasks === 0 && this.last >= 0 && e.seq === this.last + 1 && this.heard.size === 0) {
      this.deliver(e)
      return
    }
    this.target = Math.max(this.target, e.seq)
    if (this.heard.size >= this.opts.maxHeard) this.heard.clear()
    this.heard.set(e.seq, e)
    if (this.last >= 0) void this.run(() => this.drain())
  }

  /**
   * Subscribes channel `ch` and answers the client: without `fromSeq` from now on (`data.seq` = last); with it, the
   * events of `ch` after `fromSeq` are pushed first, or 410 when they are older than the kept window.
   * @returns false when the connection already holds `maxSubs` channels (nothing is answered)
   */
  subscribe(ch: string, fromSeq: number | undefined): boolean {
    const had = this.subs.get(ch)
    if (!had && this.subs.size >= this.opts.maxSubs) return false
    const { topic, symbol } = topicOfChannel(ch)
    const sub: Sub = { topic, symbol, after: Infinity }
    this.subs.set(ch, sub)
    void this.run(async () => {
      if (fromSeq === undefined) {
        sub.after = this.last
        this.out.send({ action: 'sub', ch, code: STREAM_CODES.ok, data: { seq: this.last } })
        return
      }
      const floor = await resumeFloor(this.db, this.userId, USER_STREAM_RESUME_MS)
      const newest = Math.max(this.last, await lastSeqOf(this.db, this.userId))
      if (fromSeq < floor || fromSeq > newest) {
        if (this.subs.get(ch) === sub) this.subs.delete(ch)
        const why =
          fromSeq < floor
            ? `from_seq ${fromSeq} is older than the kept window (events after ${floor} only)`
            : `from_seq ${fromSeq} is ahead of the stream (last ${newest})`
        this.out.send({
          action: 'sub',
          ch,
          code: STREAM_CODES.resync,
          message: `resync: ${why}; reload and subscribe without from_seq`,
        })
        return
      }
      this.out.send({ action: 'sub', ch, code: STREAM_CODES.ok, data: { seq: this.last } })
      await this.replay(ch, sub, fromSeq)
      sub.after = Math.max(fromSeq, this.last)
    })
    return true
  }

  /** Drops channel `ch`; false when it was not subscribed. */
  unsubscribe(ch: string): boolean {
    return this.subs.delete(ch)
  }

  /** Stops delivering (the connection closed). */
  close(): void {
    this.closed = true
    this.heard.clear()
    this.subs.clear()
  }

  /** Runs `task` after the lane's earlier tasks; a failure is logged and ends nothing else. */
  private run(task: () => Promise<void>): Promise<void> {
    this.tasks++
    this.lane = this.lane
      .then(() => (this.closed ? undefined : task()))
      .catch((err: unknown) =>
        this.opts.log?.(`[stream] user ${this.userId}: ${(err as Error)?.message ?? String(err)}`),
      )
      .finally(() => this.tasks--)
    return this.lane
  }

  /** Delivers everything heard up to `target`, reading what is missing from the outbox. */
  private async drain(): Promise<void> {
    while (!this.closed && this.last < this.target) {
      const next = this.heard.get(this.last + 1)
      if (next) {
        this.heard.delete(next.seq)
        this.deliver(next)
        continue
      }
      const page = await eventsAfter(this.db, this.userId, this.last, { toSeq: this.target, limit: PAGE })
      if (page.length === 0) {
        this.opts.log?.(`[stream] user ${this.userId}: events ${this.last + 1}…${this.target} not in the outbox`)
        this.last = this.target
        break
      }
      for (const e of page) if (e.seq > this.last) this.deliver(e)
    }
    for (const seq of this.heard.keys()) if (seq <= this.last) this.heard.delete(seq)
  }

  /** Deals with the next event: advances `last`, pushes it once when a subscribed channel wants it. */
  private deliver(e: UserEvent): void {
    this.last = e.seq
    for (const sub of this.subs.values()) {
      if (e.seq > sub.after && matches(sub, e)) {
        this.out.send({ action: 'push', ch: channelOfEvent(e.topic, e.symbol), data: { ...e.data, seq: e.seq } })
        return
      }
    }
  }

  /** Pushes the events of `ch` in (`fromSeq`, last] that no other channel of this connection pushed already. */
  private async replay(ch: string, sub: Sub, fromSeq: number): Promise<void> {
    const others = [...this.subs].filter(([name]) => name !== ch).map(([, s]) => s)
    let after = fromSeq
    while (!this.closed && after < this.last) {
      const page = await eventsAfter(this.db, this.userId, after, { toSeq: this.last, limit: PAGE })
      if (page.length === 0) return
      for (const e of page) {
        if (matches(sub, e) && !others.some((o) => e.seq > o.after && matches(o, e)))
          this.out.send({ action: 'push', ch: channelOfEvent(e.topic, e.symbol), data: { ...e.data, seq: e.seq } })
      }
      after = page[page.length - 1]!.seq
      if (!(await this.out.writable())) return
    }
  }
}

function matches(sub: Sub, e: UserEvent): boolean {
  return sub.topic === e.topic && (sub.symbol === null || sub.symbol === e.symbol)
}

/** Options of UserStreamFanout. */
export interface FanoutOptions {
  /**
   * true: follow each user with a feed through `bus.subscribeUser` (taken when the user's first feed attaches, dropped
   * when the last detaches), so a gateway over NATS receives its users' events only. Default false: one `subscribe`
   * to every user's events (the single process). Ignored when the bus has no `subscribeUser`.
   */
  perUser?: boolean
}

/** One user's feeds, and (per-user mode) the bus subscription that feeds them. */
interface UserEntry {
  feeds: Set<UserFeed>
  /** Per-user mode: resolves with the unsubscribe once the bus registered the interest. */
  subscribed?: Promise<() => void>
}

/** Routes the bus's events to the feeds of their user. */
export class UserStreamFanout {
  private readonly byUser = new Map<number, UserEntry>()
  private readonly unsubscribe: (() => void) | undefined
  private readonly perUser: boolean

  constructor(
    private readonly bus: UserEventBus,
    opts: FanoutOptions = {},
  ) {
    this.perUser = opts.perUser === true && bus.subscribeUser !== undefined
    this.unsubscribe = this.perUser
      ? undefined
      : bus.subscribe((e) => {
          const entry = this.byUser.get(e.userId)
          if (entry) for (const f of entry.feeds) f.offer(e)
        })
  }

  /**
   * Adds `feed`; resolves once its user's events reach it (per-user mode: once the bus registered the user's
   * subscription, so a `feed.start()` after it misses nothing). @throws the bus's error when it cannot subscribe (the
   * feed is detached again)
   */
  async attach(feed: UserFeed): Promise<void> {
    let entry = this.byUser.get(feed.userId)
    if (!entry) {
      const created: UserEntry = { feeds: new Set() }
      if (this.perUser)
        created.subscribed = this.bus.subscribeUser!(feed.userId, (e) => {
          for (const f of created.feeds) f.offer(e)
        })
      this.byUser.set(feed.userId, (entry = created))
    }
    entry.feeds.add(feed)
    try {
      await entry.subscribed
    } catch (err) {
      this.detach(feed)
      throw err
    }
  }

  detach(feed: UserFeed): void {
    feed.close()
    const entry = this.byUser.get(feed.userId)
    if (!entry) return
    entry.feeds.delete(feed)
    if (entry.feeds.size === 0) {
      this.byUser.delete(feed.userId)
      entry.subscribed?.then(
        (unsubscribe) => unsubscribe(),
        () => {},
      )
    }
  }

  /** Users with at least one feed. */
  users(): number {
    return this.byUser.size
  }

  close(): void {
    this.unsubscribe?.()
    for (const entry of this.byUser.values()) {
      for (const f of entry.feeds) f.close()
      entry.subscribed?.then(
        (unsubscribe) => unsubscribe(),
        () => {},
      )
    }
    this.byUser.clear()
  }
}
