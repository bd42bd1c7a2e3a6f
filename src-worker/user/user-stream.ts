/**
 * The user stream's socket (common/api/stream.ts is the contract): fetch a fresh single-use ticket, open
 * `/ws/v2`, authenticate, subscribe the four channels (resuming from the last sequence number applied), answer server
 * pings, and reconnect with the market socket's backoff (socket/backoff.ts). Close code 4401 stops it for good
 * (`unauthorized`); 4429, 1013 and any other loss reconnect. A sub answered 410 (resume point too old) puts it in
 * `resync` and subscribes that channel again without `from_seq`, continuing live from the answered `seq`.
 * Invariants as the market socket's: one socket at a time, a replaced socket's handlers detached first, a socket
 * silent for 3 server ping intervals dropped, nothing queued while offline, handlers never throw.
 */
import { RECONNECT_DELAY_MS, RECONNECT_MAX_DELAY_MS, SERVER_PING_INTERVAL_MS } from '../../common/constants'
import { STREAM_CLOSE, STREAM_CODES, type StreamClientMessage } from '../../common/api/stream'
import type { UserEvent, UserStreamState, UserStreamStatus } from '../../common/engine-api'
import { reconnectDelay } from '../socket/backoff'
import { OPEN, type SocketFactory, type WebSocketLike } from '../socket/types'
import { Watchdog } from '../socket/watchdog'
import { decodeUserFrame, type UserFrame } from './frames'
import { HOLE_WAIT_MS, SeqTracker } from './seq-tracker'

/** The channels subscribed: every order of every market, positions, balances, notices. */
export const USER_CHANNELS = ['orders#*', 'positions', 'accounts.update', 'notices'] as const

/** Timing of the user stream, ms. */
export interface UserStreamTiming {
  /** No frame for this long (the server pings every SERVER_PING_INTERVAL_MS): the socket is dropped. */
  staleAfterMs: number
  /** Time to open and authenticate (ticket fetch included) before giving up on an attempt. */
  connectTimeoutMs: number
  reconnectDelayMs: number
  reconnectMaxDelayMs: number
}

export const DEFAULT_USER_TIMING: UserStreamTiming = {
  staleAfterMs: 3 * SERVER_PING_INTERVAL_MS,
  connectTimeoutMs: 10_000,
  reconnectDelayMs: RECONNECT_DELAY_MS,
  reconnectMaxDelayMs: RECONNECT_MAX_DELAY_MS,
}

export interface UserStreamDeps {
  factory: SocketFactory
  /**
   * Called once per applied (new, valid) event, in sequence order (an event after a missing number waits for it, at
   * most HOLE_WAIT_MS). Exceptions are caught and logged.
   */
  onEvent: (ev: UserEvent) => void
  /** Called when a channel could not resume (410): events before it are superseded by the coming REST reload. */
  onResync?: () => void
  /** Called when the status changes (state, lastSeq, counters). */
  onChange: () => void
  timing?: Partial<UserStreamTiming>
  now?: () => number
  random?: () => number
  log?: Pick<Console, 'warn'>
}

/** A ticket as the contract's auth frame takes it (16–200 characters). */
function checkTicket(t: unknown): string {
  if (typeof t !== 'string' || t.length < 16 || t.length > 200)
    throw new Error('getTicket: expected a ticket string of 16-200 characters')
  return t
}

export class UserStream {
  readonly timing: UserStreamTiming
  readonly seqs = new SeqTracker<UserEvent>()
  /** Gives up the hole before held events after HOLE_WAIT_MS; set while any is held. */
  private holeTimer: ReturnType<typeof setTimeout> | undefined
  private state: UserStreamState = 'idle'
  private readonly counters = {
    reconnects: 0,
    badFrames: 0,
    badFramesBy: {} as Record<string, number>,
    duplicates: 0,
    lastError: null as string | null,
  }
  url: string | null = null
  private getTicket: (() => Promise<string>) | undefined
  private ws: WebSocketLike | undefined
  /** Bumped on every attempt and on close: a ticket or socket of an older attempt is ignored. */
  private attempt = 0
  private failures = 0
  private retry: ReturnType<typeof setTimeout> | undefined
  private readonly watchdog: Watchdog
  /** Channels not yet answered 200 on the current socket. */
  private readonly unanswered = new Set<string>()
  /** A channel answered 410 since the last seed: stays `resync` until `resynced()`. */
  private resyncing = false
  private readonly now: () => number
  private readonly log: Pick<Console, 'warn'>

  constructor(private readonly deps: UserStreamDeps) {
    this.timing = { ...DEFAULT_USER_TIMING, ...deps.timing }
    this.now = deps.now ?? Date.now
    this.log = deps.log ?? console
    this.watchdog = new Watchdog(this.now, (why) => this.onDown(why))
  }

  status(): UserStreamStatus {
    const c = this.counters
    return {
      state: this.state,
      lastSeq: this.seqs.last,
      reconnects: c.reconnects,
      badFrames: c.badFrames,
      duplicates: c.duplicates,
      lastError: c.lastError,
    }
  }

  /** Bad frames by reason (binary, oversized, json, shape), for the inspector. */
  badFramesBy(): Record<string, number> {
    return { ...this.counters.badFramesBy }
  }

  get connected(): boolean {
    return this.ws?.readyState === OPEN
  }

  /** Starts (or restarts) the stream to `url` with `getTicket` for every attempt. */
  connect(url: string, getTicket: () => Promise<string>): void {
    this.url = url
    this.getTicket = getTicket
    this.failures = 0
    this.open()
  }

  /** Stops for good: no reconnect until `connect`. Forgets the resume point (logout) and the counters' error. */
  close(): void {
    this.stop('idle')
    this.seqs.reset(null)
    this.clearHoleTimer()
    this.resyncing = false
    this.counters.lastError = null
    this.deps.onChange()
  }

  /** Retries now (backoff reset) when waiting to reconnect: the network came back or the page became visible. */
  checkLiveness(): void {
    if (this.retry === undefined || this.getTicket === undefined) return
    clearTimeout(this.retry)
    this.retry = undefined
    this.failures = 0
    this.counters.reconnects++
    this.open()
  }

  /**
   * The device reported it went offline: a socket that is open or opening is dropped now (state `offline`, the
   * screens fall back to REST) rather than after three missed server pings; it reconnects with backoff, at once on
   * `checkLiveness`.
   */
  networkLost(): void {
    if (this.state === 'idle' || this.state === 'unauthorized' || this.retry !== undefined) return
    this.onDown('network offline')
  }

  /** The UI reloaded by REST after a resync: back to `live` when the socket is. */
  resynced(): void {
    if (!this.resyncing) return
    this.resyncing = false
    if (this.state === 'resync') this.setState(this.unanswered.size === 0 && this.connected ? 'live' : 'connecting')
  }

  private stop(state: UserStreamState): void {
    this.attempt++
    clearTimeout(this.retry)
    this.retry = undefined
    this.teardown('closed')
    this.state = state
  }

  private setState(s: UserStreamState): void {
    if (this.state === s) return
    this.state = s
    this.deps.onChange()
  }

  /** One attempt: fetch a ticket, then open the socket and authenticate with it. */
  private open(): void {
    clearTimeout(this.retry)
    this.retry = undefined
    this.teardown('reconnecting')
    const attempt = ++this.attempt
    const getTicket = this.getTicket
    if (!this.url || !getTicket) return
    this.setState(this.resyncing ? 'resync' : 'connecting')
    this.watchdog.arm('connect', this.timing.connectTimeoutMs)
    let ticket: Promise<string>
    try {
      ticket = Promise.resolve(getTicket())
    } catch (err) {
      ticket = Promise.reject(err instanceof Error ? err : new Error(String(err)))
    }
    ticket.then(checkTicket).then(
      (t) => attempt === this.attempt && this.openSocket(t),
      (err: unknown) => attempt === this.attempt && this.onDown(`ticket: ${errorText(err)}`),
    )
  }

  private openSocket(ticket: string): void {
    let ws: WebSocketLike
    try {
      ws = this.deps.factory(this.url!)
    } catch (err) {
      return this.onDown(`socket: ${errorText(err)}`)
    }
    this.ws = ws
    ws.onopen = () =>
      this.ws === ws && this.send({ action: 'req', ch: 'auth', params: { authType: 'token', token: ticket } })
    ws.onmessage = (ev) => this.ws === ws && this.onFrame(ev.data)
    ws.onclose = (ev) => this.ws === ws && this.onClose(ev)
    // `error` is always followed by `close`.
    ws.onerror = () => undefined
  }

  private onClose(ev: unknown): void {
    const code = typeof ev === 'object' && ev !== null ? (ev as { code?: unknown }).code : undefined
    if (code === STREAM_CLOSE.unauthorized) {
      this.counters.lastError = 'closed 4401: unauthorized'
      this.stop('unauthorized')
      this.deps.onChange()
      return
    }
    this.onDown(typeof code === 'number' ? `closed ${code}` : 'socket closed')
  }

  private onFrame(raw: unknown): void {
    this.watchdog.alive()
    let f: UserFrame
    try {
      f = decodeUserFrame(raw)
    } catch {
      f = { kind: 'bad', reason: 'shape' }
    }
    switch (f.kind) {
      case 'bad':
        this.counters.badFrames++
        this.counters.badFramesBy[f.reason] = (this.counters.badFramesBy[f.reason] ?? 0) + 1
        return this.deps.onChange()
      case 'ping':
        this.send({ action: 'pong', data: { ts: f.ts } })
        return
      case 'auth':
        return this.onAuth(f.code, f.message, f.seq)
      case 'sub':
        return this.onSub(f.ch, f.code, f.message, f.seq)
      case 'unsub':
        return
      case 'error':
        this.counters.lastError = `${f.code}: ${f.message ?? ''}`
        this.log.warn(`user stream error ${this.counters.lastError}`)
        return
      case 'push':
        return this.onPush(f.ch, f.seq, f.data)
    }
  }

  private onAuth(code: number, message: string | undefined, seq: number | undefined): void {
    if (code !== STREAM_CODES.ok) {
      // A refused ticket (expired, used): a new attempt asks for a new one; 4401 from the server stops for good.
      return this.onDown(`auth ${code}: ${message ?? ''}`)
    }
    this.failures = 0
    this.watchdog.arm('silence', this.timing.staleAfterMs)
    // Every channel resumes from the same point, so no event falls between two subs.
    if (seq !== undefined) this.seqs.baseline(seq)
    const from = this.seqs.last
    this.unanswered.clear()
    for (const ch of USER_CHANNELS) {
      this.unanswered.add(ch)
      this.send(from === null ? { action: 'sub', ch } : { action: 'sub', ch, params: { from_seq: from } })
    }
  }

  private onSub(ch: string, code: number, message: string | undefined, seq: number | undefined): void {
    if (!this.unanswered.has(ch)) return
    if (code === STREAM_CODES.resync) {
      // Too old to resume: the UI reloads by REST; live from what the server answers next.
      this.resyncing = true
      this.seqs.reset(null)
      this.clearHoleTimer()
      this.deps.onResync?.()
      this.setState('resync')
      this.send({ action: 'sub', ch })
      return
    }
    if (code !== STREAM_CODES.ok) {
      this.unanswered.delete(ch)
      this.counters.lastError = `sub ${ch} ${code}: ${message ?? ''}`
      this.log.warn(`user stream ${this.counters.lastError}`)
      return this.deps.onChange()
    }
    this.unanswered.delete(ch)
    if (seq !== undefined) this.seqs.baseline(seq)
    if (this.unanswered.size === 0 && !this.resyncing) this.setState('live')
    else this.deps.onChange()
  }

  private onPush(ch: string, seq: number, data: UserEvent['data']): void {
    const skipped = this.seqs.holesSkipped
    const ready = this.seqs.offer(seq, { seq, ch, data, receivedAt: this.now() })
    if (ready === null) {
      this.counters.duplicates++
      return this.deps.onChange()
    }
    if (this.seqs.holesSkipped > skipped) this.holeLost()
    this.apply(ready)
  }

  /** A number given up on (a refused sub, a server fault): the state may miss a fill, so `resync` as after a 410. */
  private holeLost(): void {
    this.resyncing = true
    this.deps.onResync?.()
    this.setState('resync')
  }

  /** Hands `events` (in sequence order) to `onEvent`, then arms or clears the hole timer for what is still held. */
  private apply(events: UserEvent[]): void {
    for (const ev of events) {
      try {
        this.deps.onEvent(ev)
      } catch (err) {
        this.log.warn('user event handler failed', err)
      }
    }
    if (this.seqs.waiting === 0) this.clearHoleTimer()
    else if (this.holeTimer === undefined) {
      this.holeTimer = setTimeout(() => {
        this.holeTimer = undefined
        const ready = this.seqs.skipHole()
        this.holeLost()
        this.apply(ready)
      }, HOLE_WAIT_MS)
    }
    this.deps.onChange()
  }

  private clearHoleTimer(): void {
    clearTimeout(this.holeTimer)
    this.holeTimer = undefined
  }

  private send(msg: StreamClientMessage): boolean {
    const ws = this.ws
    if (!ws || ws.readyState !== OPEN) return false
    try {
      ws.send(JSON.stringify(msg))
      return true
    } catch (err) {
      this.log.warn('user stream send failed', err)
      return false
    }
  }

  private onDown(why: string): void {
    this.counters.lastError = why
    this.teardown(why)
    this.attempt++
    if (this.state === 'idle' || this.state === 'unauthorized') return
    this.setState(this.resyncing ? 'resync' : 'offline')
    this.scheduleRetry()
    this.deps.onChange()
  }

  private scheduleRetry(): void {
    clearTimeout(this.retry)
    const t = this.timing
    const delay = reconnectDelay(
      this.failures++,
      t.reconnectDelayMs,
      t.reconnectMaxDelayMs,
      (this.deps.random ?? Math.random)(),
    )
    this.retry = setTimeout(() => {
      this.retry = undefined
      this.counters.reconnects++
      this.open()
    }, delay)
  }

  private teardown(why: string): void {
    this.watchdog.stop()
    this.unanswered.clear()
    const ws = this.ws
    this.ws = undefined
    if (!ws) return
    ws.onopen = ws.onmessage = ws.onclose = null
    ws.onerror = () => undefined
    try {
      ws.close(4000, why.slice(0, 100))
    } catch {
      // A half-open socket may refuse; it is already detached.
    }
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
