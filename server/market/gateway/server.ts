/**
 * The market gateway: a websocket server (ws, or wss over an https server when TLS is configured) speaking the HTX
 * public protocol on any path (clients use /ws). Server pings every `pingIntervalMs` (5 s) and drops a client that
 * left `maxMissedPings` (2) unanswered, just before the next ping, as HTX spot does (htx-protocol.md a3). Each
 * connection lives under budgets (budget.ts) and a bound on the bytes it holds (session.ts).
 *
 * Connections to USER_STREAM_PATH (`/ws/v2`) are the user stream (issue 22 part 1), not the market protocol: they go
 * to the handler attached with `attachUserStream` once the database is up, and are closed 1013 (try again later)
 * before that.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { type WebSocket, WebSocketServer } from 'ws'
import { STREAM_CLOSE, USER_STREAM_PATH } from '../../../common/api/stream'
import { SERVER_PING_INTERVAL_MS, SERVER_PING_MAX_MISSED } from '../../../common/constants'
import type { PushSink } from '../hub/hub'
import { Channels } from './channels'
import { type ConnectionLimits, DEFAULT_LIMITS } from './budget'
import { type GatewayFeed, handleFrame } from './handler'
import { encodeFrame } from './protocol'
import { ReqLane } from './req-lane'
import { Session } from './session'

export interface GatewayOptions {
  host: string
  /** 0 = any free port. */
  port: number
  tls?: { cert: string; key: string }
  feed: GatewayFeed & { attach(sink: PushSink): () => void }
  /** Server ping interval, ms (default 5000). */
  pingIntervalMs?: number
  /** Unanswered pings after which a client is dropped (default 2). */
  maxMissedPings?: number
  /**
   * Bytes a client may hold before it is dropped as a slow consumer (default 8 MiB): its frames not yet written to
   * the kernel, each counted with its whole buffer and overhead (session.ts `frameCost`), plus throttled frames.
   */
  maxBacklogBytes?: number
  /** Per-connection budgets (default DEFAULT_LIMITS); tests pass smaller ones. */
  limits?: Partial<ConnectionLimits>
  log?: (msg: string) => void
}

/** Counters of a running gateway (tests, diagnostics). */
export interface GatewayStats {
  clients: number
  /** Bytes all clients hold now (see `maxBacklogBytes`). */
  heldBytes: number
  /** Clients dropped for holding more than `maxBacklogBytes`. */
  slowDrops: number
  /** Frames whose handling threw: always a bug (the schema should have answered); logged with the stack. */
  handlerFailures: number
}

/** Takes the connections of another protocol on the gateway's port (the user stream). */
export interface ConnectionHandler {
  handleConnection(ws: WebSocket, req: IncomingMessage): void
}

export interface Gateway {
  /** The port actually bound. */
  port: number
  /**
   * Routes USER_STREAM_PATH connections to `handler` from now on; returns the detach (such connections are then
   * closed 1013 again).
   */
  attachUserStream(handler: ConnectionHandler): () => void
  /** Connected clients. */
  clients(): number
  stats(): GatewayStats
  close(): Promise<void>
}

/** Starts the gateway; rejects when the port cannot be bound (message names host:port). */
export async function startGateway(opts: GatewayOptions): Promise<Gateway> {
  const server: Server = opts.tls ? createHttpsServer({ cert: opts.tls.cert, key: opts.tls.key }) : createHttpServer()
  server.on('request', (_req, res) => res.writeHead(426, { 'content-type': 'text/plain' }).end('websocket only\n'))
  // One client message per turn of the event loop (ws emits the next from setImmediate): a socket that delivers
  // 3,000 frames in one read no longer runs them all before anyone else's timers and I/O, and while its messages
  // wait, ws stops reading that socket, so the flood is held back in TCP, not in our memory.
  // No permessage-deflate (frames are gzip already): ws then never queues a message, so pushes framed once can be
  // written straight to each socket in order with ws's own writes (session.ts CorkableStream).
  const wss = new WebSocketServer({
    server,
    maxPayload: 64 * 1024,
    allowSynchronousEvents: false,
    perMessageDeflate: false,
  })
  const channels = new Channels()
  const detach = opts.feed.attach(channels)
  const sessions = new Set<Session>()
  const ctx = { channels, feed: opts.feed, lane: new ReqLane(), log: opts.log }
  const limits: ConnectionLimits = { ...DEFAULT_LIMITS, ...opts.limits }
  const counters = { slowDrops: 0, handlerFailures: 0 }
  const sessionOpts = {
    maxHeldBytes: opts.maxBacklogBytes ?? 8 * 1024 * 1024,
    limits,
    log: opts.log,
    onSlowDrop: () => counters.slowDrops++,
  }

  let userStream: ConnectionHandler | undefined
  wss.on('connection', (ws, req) => {
    if (isUserStreamPath(req.url)) {
      if (userStream) userStream.handleConnection(ws, req)
      else ws.close(STREAM_CLOSE.unavailable, 'user stream not ready')
      return
    }
    // req.socket is the TCP stream ws took over on upgrade: the session corks it per fan-out turn.
    const session = new Session(ws, sessionOpts, req.socket)
    sessions.add(session)
    ws.on('message', (data, isBinary) => {
      // Defence in depth: the schema answers every bad frame, so a throw here is a bug; it must not leave the handler.
      try {
        handleFrame(ctx, session, data, isBinary)
      } catch (err) {
        counters.handlerFailures++
        opts.log?.(`market gateway: a client frame broke the handler: ${(err as Error)?.stack ?? String(err)}`)
      }
    })
    ws.on('close', () => {
      session.dispose()
      channels.removeSession(session)
      sessions.delete(session)
    })
    ws.on('error', (err) => opts.log?.(`market gateway: client error: ${err.message}`))
  })
  wss.on('error', (err) => opts.log?.(`market gateway: server error: ${err.message}`))

  const maxMissed = opts.maxMissedPings ?? SERVER_PING_MAX_MISSED
  const pinger = setInterval(() => {
    const ts = Date.now()
    const frame = encodeFrame({ ping: ts })
    for (const s of sessions) {
      if (s.unanswered.length >= maxMissed) s.terminate()
      else {
        s.unanswered.push(ts)
        s.send(frame)
      }
    }
  }, opts.pingIntervalMs ?? SERVER_PING_INTERVAL_MS)
  pinger.unref()

  await listen(server, opts.host, opts.port)
  const port = (server.address() as AddressInfo).port
  return {
    port,
    attachUserStream: (handler) => {
      userStream = handler
      return () => {
        if (userStream === handler) userStream = undefined
      }
    },
    clients: () => sessions.size,
    stats: () => {
      let heldBytes = 0
      for (const s of sessions) heldBytes += s.heldBytes()
      return { clients: sessions.size, heldBytes, ...counters }
    },
    close: async () => {
      clearInterval(pinger)
      detach()
      for (const s of sessions) s.terminate()
      for (const ws of wss.clients) ws.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** True for the user stream's path (the query string, which carries nothing the stream reads, is ignored). */
function isUserStreamPath(url: string | undefined): boolean {
  const path = (url ?? '/').split('?')[0]!
  return path === USER_STREAM_PATH || path === `${USER_STREAM_PATH}/`
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(new Error(`market gateway cannot listen on ${host}:${port}: ${err.message}`))
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      resolve()
    })
  })
}
