/**
 * The user stream service (issue 22 part 1): takes the websocket connections the market gateway routes to
 * USER_STREAM_PATH (`/ws/v2`), runs their protocol (connection.ts) and feeds them the bus's events (fanout.ts).
 *
 * Timers over all connections: a server ping `{"action":"ping","data":{"ts"}}` every `pingIntervalMs` (5 s), a
 * connection that left `maxMissedPings` (2) unanswered dropped just before the next (as the market gateway does);
 * every `revalidateMs` (30 s) each authenticated connection's session is looked up again and the connection closed
 * 4401 when it ended (logout, password change, expiry, disabled user), also when it was opened with a ticket.
 */
import type { IncomingMessage } from 'node:http'
import type { WebSocket } from 'ws'
import { SERVER_PING_INTERVAL_MS, SERVER_PING_MAX_MISSED } from '../../common/constants'
import { STREAM_CLOSE } from '../../common/api/stream'
import { resolveSession, resolveSessionById } from '../auth/sessions'
import type { Db } from '../db/client'
import type { UserEventBus } from './bus'
import { DEFAULT_STREAM_LIMITS, StreamConnection, type StreamAuth, type StreamLimits } from './connection'
import { UserFeed, UserStreamFanout } from './fanout'
import { consumeWsTicket } from './tickets'

export interface UserStreamOptions {
  db: Db
  bus: UserEventBus
  /** ms between server pings (default SERVER_PING_INTERVAL_MS, 5 s). */
  pingIntervalMs?: number
  /** Unanswered pings after which a connection is dropped (default 2). */
  maxMissedPings?: number
  /** ms between session checks (default 30 s). */
  revalidateMs?: number
  /** Events held per connection while its lane reads the database (default 1000; beyond, read back from it). */
  maxHeard?: number
  limits?: Partial<StreamLimits>
  log?: (line: string) => void
  /** Follow each connected user through `bus.subscribeUser` (a gateway over NATS; FanoutOptions.perUser). */
  perUser?: boolean
}

/** Counters of the stream (tests, diagnostics). */
export interface UserStreamStats {
  connections: number
  authenticated: number
  /** Users with at least one authenticated connection. */
  users: number
  /** Connections closed by the server, by close code. */
  closes: Record<number, number>
}

/** A running user stream; the gateway hands it connections. */
export interface UserStream {
  /** Takes a websocket connection of USER_STREAM_PATH (the upgrade request is not read: no token in URLs). */
  handleConnection(ws: WebSocket, req: IncomingMessage): void
  stats(): UserStreamStats
  /**
   * Closes every connection with 1013 (come back later) and keeps serving: clients reconnect and resume from their
   * last sequence number (a drain before a restart; tests).
   */
  dropConnections(reason: string): void
  /** Closes every connection 1013 (come back later) and stops the timers and the fan-out. */
  close(): Promise<void>
}

/** A session token or a ticket: the ticket is tried (and consumed) first, then the token. */
export async function authenticateStream(db: Db, token: string): Promise<StreamAuth | null> {
  const ticketSession = await consumeWsTicket(db, token)
  const session = ticketSession === null ? await resolveSession(db, token) : await resolveSessionById(db, ticketSession)
  return session ? { userId: session.userId, sessionId: session.sessionId } : null
}

/** Starts the user stream over `bus` (its fan-out subscribes now). */
export function startUserStream(opts: UserStreamOptions): UserStream {
  const limits: StreamLimits = { ...DEFAULT_STREAM_LIMITS, ...opts.limits }
  const fanout = new UserStreamFanout(opts.bus, { perUser: opts.perUser })
  const connections = new Set<StreamConnection>()
  const closes: Record<number, number> = {}
  const ctx = {
    limits,
    log: opts.log,
    authenticate: (token: string) => authenticateStream(opts.db, token),
    openFeed: async (auth: StreamAuth, out: StreamConnection) => {
      const feed = new UserFeed(auth.userId, opts.db, out, {
        maxSubs: limits.maxSubs,
        maxHeard: opts.maxHeard ?? 1000,
        log: opts.log,
      })
      await fanout.attach(feed)
      await feed.start()
      return feed
    },
    closeFeed: (feed: UserFeed) => fanout.detach(feed),
    onClose: (code: number) => void (closes[code] = (closes[code] ?? 0) + 1),
  }

  const maxMissed = opts.maxMissedPings ?? SERVER_PING_MAX_MISSED
  const pinger = setInterval(() => {
    const ts = Date.now()
    for (const c of connections) {
      if (c.unanswered.length >= maxMissed) c.terminate()
      else {
        c.unanswered.push(ts)
        c.send({ action: 'ping', data: { ts } })
      }
    }
  }, opts.pingIntervalMs ?? SERVER_PING_INTERVAL_MS)
  pinger.unref()

  let checking = false
  const revalidate = async () => {
    if (checking) return
    checking = true
    try {
      const bySession = new Map<number, StreamConnection[]>()
      for (const c of connections)
        if (c.auth) bySession.set(c.auth.sessionId, [...(bySession.get(c.auth.sessionId) ?? []), c])
      for (const [sessionId, list] of bySession) {
        if (await resolveSessionById(opts.db, sessionId)) continue
        for (const c of list) c.close(STREAM_CLOSE.unauthorized, 'session ended')
      }
    } catch (err) {
      opts.log?.(`[stream] session check failed: ${(err as Error)?.message ?? String(err)}`)
    } finally {
      checking = false
    }
  }
  const checker = setInterval(() => void revalidate(), opts.revalidateMs ?? 30_000)
  checker.unref()

  return {
    handleConnection(ws) {
      const c = new StreamConnection(ws, ctx)
      connections.add(c)
      ws.on('message', (data, isBinary) => {
        try {
          c.handle(data, isBinary)
        } catch (err) {
          opts.log?.(`[stream] a client frame broke the handler: ${(err as Error)?.stack ?? String(err)}`)
        }
      })
      ws.on('close', () => {
        c.dispose()
        connections.delete(c)
      })
      ws.on('error', (err) => opts.log?.(`[stream] client error: ${err.message}`))
    },
    stats() {
      let authenticated = 0
      for (const c of connections) if (c.auth) authenticated++
      return { connections: connections.size, authenticated, users: fanout.users(), closes: { ...closes } }
    },
    dropConnections(reason) {
      for (const c of connections) c.close(STREAM_CLOSE.unavailable, reason)
    },
    async close() {
      clearInterval(pinger)
      clearInterval(checker)
      for (const c of connections) c.close(STREAM_CLOSE.unavailable, 'server shutting down')
      fanout.close()
      await Promise.resolve()
    },
  }
}
