/**
 * One user-stream connection (issue 22 part 1): the `action`/`ch` protocol of common/api/stream.ts over a `ws`
 * socket. Authentication first (session token or `user/ws_ticket` ticket), then `sub`/`unsub` of the user's
 * channels; server pings with the answered pongs counted by the server's pinger (server.ts).
 *
 * Answers to what a client gets wrong (the connection stays open):
 * - a frame that is binary, not JSON or not one of the client messages → `{"action":"error","code":400,"message"}`
 *   naming the field and what is expected;
 * - `sub`/`unsub` before `auth` → the same action and `ch` with code 401;
 * - a bad token or ticket → `{"action":"req","ch":"auth","code":401,"message"}` (retry allowed, `maxAuthTries` in all);
 * - more than `maxSubs` channels → the `sub` answered 429.
 *
 * Closes (STREAM_CLOSE): 4401 after `maxAuthTries` bad tokens, no `auth` within `authTimeoutMs`, or when the session
 * ended; 4429 when frames come faster than the token bucket allows or the socket holds more than `maxBacklogBytes`.
 */
import type { RawData, WebSocket } from 'ws'
import { z as zod } from 'zod'
import * as z from 'zod/mini'
import {
  STREAM_CLOSE,
  STREAM_CODES,
  streamClientMessage,
  type StreamClientMessage,
  type StreamServerMessage,
} from '../../common/api/stream'
import { TokenBucket } from '../market/gateway/budget'
import type { UserFeed } from './fanout'

/** Budgets and timings of one connection. */
export interface StreamLimits {
  /** Client frames per second, sustained (default 20). */
  framesPerSec: number
  /** Frames back to back before the rate applies (default 40). */
  frameBurst: number
  /** Channels per connection (default 20). */
  maxSubs: number
  /** Bytes the socket may hold unsent before the client is dropped as too slow (default 1 MiB). */
  maxBacklogBytes: number
  /** Wrong tokens before the connection is closed 4401 (default 3). */
  maxAuthTries: number
  /** ms from connect to a successful `auth` (default 10 s). */
  authTimeoutMs: number
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  framesPerSec: 20,
  frameBurst: 40,
  maxSubs: 20,
  maxBacklogBytes: 1024 * 1024,
  maxAuthTries: 3,
  authTimeoutMs: 10_000,
}

/** A session the `auth` resolved. */
export interface StreamAuth {
  userId: number
  sessionId: number
}

/** What a connection needs from the stream server. */
export interface ConnectionContext {
  limits: StreamLimits
  /** Resolves a token or ticket to its live session, or null. */
  authenticate(token: string): Promise<StreamAuth | null>
  /** A started feed of `auth`'s user, attached to the fan-out. */
  openFeed(auth: StreamAuth, out: StreamConnection): Promise<UserFeed>
  closeFeed(feed: UserFeed): void
  /** Counts a close the server chose (by code). */
  onClose?(code: number): void
  log?: (line: string) => void
}

const OPEN = 1
const ACTIONS = ['pong', 'req', 'sub', 'unsub']
const CHANNEL_RULE = 'expected orders#<symbol|*>, positions, accounts.update or notices'
const english = zod.locales.en().localeError

/** The connection's protocol state; `handle` takes each client frame. */
export class StreamConnection {
  auth: StreamAuth | undefined
  feed: UserFeed | undefined
  /** Server pings not yet answered (their `ts`). */
  readonly unanswered: number[] = []
  private readonly bucket: TokenBucket
  private tries = 0
  private authorizing = false
  private closed = false
  private readonly authTimer: NodeJS.Timeout

  constructor(
    private readonly ws: WebSocket,
    private readonly ctx: ConnectionContext,
  ) {
    this.bucket = new TokenBucket(ctx.limits.framesPerSec, ctx.limits.frameBurst)
    this.authTimer = setTimeout(
      () => this.close(STREAM_CLOSE.unauthorized, 'authentication timeout'),
      ctx.limits.authTimeoutMs,
    )
  }

  /** Sends one frame; closes 4429 when the socket would hold more than the budget. */
  send(msg: StreamServerMessage): void {
    if (this.closed || this.ws.readyState !== OPEN) return
    const text = JSON.stringify(msg)
    if (this.ws.bufferedAmount + Buffer.byteLength(text) > this.ctx.limits.maxBacklogBytes) {
      this.close(STREAM_CLOSE.overBudget, 'backlog over budget')
      return
    }
    this.ws.send(text)
  }

  /** Waits until the socket holds under a quarter of the budget; false once closed. */
  async writable(): Promise<boolean> {
    while (!this.closed && this.ws.bufferedAmount > this.ctx.limits.maxBacklogBytes / 4) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return !this.closed
  }

  /** One client frame as `ws` delivers it. */
  handle(data: RawData, isBinary: boolean): void {
    if (this.closed) return
    if (!this.bucket.take()) return this.close(STREAM_CLOSE.overBudget, 'too many frames')
    if (isBinary) return this.error('binary frames are not accepted: send text JSON')
    const text = (
      Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
    ).toString('utf8')
    const msg = parseFrame(text)
    if (typeof msg === 'string') return this.error(msg)
    switch (msg.action) {
      case 'pong':
        if (this.unanswered.includes(msg.data.ts)) this.unanswered.length = 0
        return
      case 'req':
        return void this.authorize(msg.params.token)
      case 'sub':
      case 'unsub':
        return this.subscription(msg)
    }
  }

  /** Closes with `code` (STREAM_CLOSE) and a reason the client may show. */
  close(code: number, reason: string): void {
    if (this.closed) return
    this.dispose()
    this.ctx.onClose?.(code)
    if (this.ws.readyState === OPEN) this.ws.close(code, reason)
    else this.ws.terminate()
  }

  /** Closes at once (missed pings, shutdown). */
  terminate(): void {
    this.dispose()
    this.ws.terminate()
  }

  /** Stops timers and the feed; called when the socket closed. */
  dispose(): void {
    if (this.closed) return
    this.closed = true
    clearTimeout(this.authTimer)
    if (this.feed) this.ctx.closeFeed(this.feed)
  }

  private error(message: string): void {
    this.send({ action: 'error', code: STREAM_CODES.badRequest, message })
  }

  private async authorize(token: string): Promise<void> {
    const answer = (code: number, message: string) => this.send({ action: 'req', ch: 'auth', code, message })
    if (this.auth) return answer(STREAM_CODES.badRequest, 'already authenticated')
    if (this.authorizing) return answer(STREAM_CODES.tooMany, 'authentication in progress')
    this.authorizing = true
    try {
      const auth = await this.ctx.authenticate(token)
      if (this.closed) return
      if (!auth) {
        this.tries++
        answer(STREAM_CODES.unauthorized, 'unauthorized: unknown, expired or used token or ticket')
        if (this.tries >= this.ctx.limits.maxAuthTries)
          this.close(STREAM_CLOSE.unauthorized, 'too many failed authentications')
        return
      }
      this.auth = auth
      clearTimeout(this.authTimer)
      const feed = await this.ctx.openFeed(auth, this)
      // Closed while the feed started: dispose() did not see it, so it is detached here.
      if (this.closed) return this.ctx.closeFeed(feed)
      this.feed = feed
      this.send({
        action: 'req',
        ch: 'auth',
        code: STREAM_CODES.ok,
        data: { user_id: auth.userId, seq: this.feed.last },
      })
    } catch (err) {
      this.ctx.log?.(`[stream] auth failed: ${(err as Error)?.message ?? String(err)}`)
      answer(500, 'authentication failed on the server: try again')
    } finally {
      this.authorizing = false
    }
  }

  private subscription(msg: Extract<StreamClientMessage, { action: 'sub' | 'unsub' }>): void {
    const { action, ch } = msg
    if (!this.feed) {
      return this.send({
        action,
        ch,
        code: STREAM_CODES.unauthorized,
        message: 'unauthorized: authenticate first ({"action":"req","ch":"auth"})',
      })
    }
    if (action === 'unsub') {
      if (this.feed.unsubscribe(ch)) return this.send({ action, ch, code: STREAM_CODES.ok })
      return this.send({ action, ch, code: STREAM_CODES.notFound, message: `not subscribed: ${ch}` })
    }
    if (!this.feed.subscribe(ch, msg.params?.from_seq)) {
      this.send({
        action,
        ch,
        code: STREAM_CODES.tooMany,
        message: `too many channels: at most ${this.ctx.limits.maxSubs} per connection`,
      })
    }
  }
}

/** One text frame as a client message, or the 400 message naming what is wrong. */
export function parseFrame(text: string): StreamClientMessage | string {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return 'not JSON: send a text frame holding one JSON object'
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'not a JSON object'
  const action = (raw as Record<string, unknown>).action
  if (typeof action !== 'string' || !ACTIONS.includes(action)) return `action: expected one of ${ACTIONS.join(', ')}`
  const parsed = z.safeParse(streamClientMessage, raw, { error: english })
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const field = issue?.path.join('.') || 'frame'
  if (field === 'ch') return `ch: ${CHANNEL_RULE}`
  return `${field}: ${issue?.message ?? 'invalid'}`
}
