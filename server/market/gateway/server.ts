/**
 * The market gateway: a websocket server (ws, or wss over an https server when TLS is configured) speaking the HTX
 * public protocol on any path (clients use /ws). Server pings every `pingIntervalMs` (5 s) and drops a client that
 * left `maxMissedPings` (2) unanswered, just before the next ping, as HTX spot does (htx-protocol.md a3).
 */
import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'
import { SERVER_PING_INTERVAL_MS, SERVER_PING_MAX_MISSED } from '../../../common/constants'
import type { PushSink } from '../hub/hub'
import { Channels } from './channels'
import { type GatewayFeed, handleMessage } from './handler'
import { encodeFrame } from './protocol'
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
  /** Unsent bytes per client beyond which it is dropped as a slow consumer (default 8 MiB). */
  maxBacklogBytes?: number
  log?: (msg: string) => void
}

export interface Gateway {
  /** The port actually bound. */
  port: number
  /** Connected clients. */
  clients(): number
  close(): Promise<void>
}

/** Starts the gateway; rejects when the port cannot be bound (message names host:port). */
export async function startGateway(opts: GatewayOptions): Promise<Gateway> {
  const server: Server = opts.tls ? createHttpsServer({ cert: opts.tls.cert, key: opts.tls.key }) : createHttpServer()
  server.on('request', (_req, res) => res.writeHead(426, { 'content-type': 'text/plain' }).end('websocket only\n'))
  const wss = new WebSocketServer({ server, maxPayload: 64 * 1024 })
  const channels = new Channels()
  const detach = opts.feed.attach(channels)
  const sessions = new Set<Session>()
  const ctx = { channels, feed: opts.feed, log: opts.log }
  const maxBacklogBytes = opts.maxBacklogBytes ?? 8 * 1024 * 1024

  wss.on('connection', (ws) => {
    const session = new Session(ws, { maxBacklogBytes, log: opts.log })
    sessions.add(session)
    // Default binaryType 'nodebuffer': every message arrives as one Buffer.
    ws.on('message', (data) => handleMessage(ctx, session, (data as Buffer).toString('utf8')))
    ws.on('close', () => {
      session.dispose()
      channels.removeSession(session)
      sessions.delete(session)
    })
    ws.on('error', (err) => opts.log?.(`market gateway: client error: ${err.message}`))
  })

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
    clients: () => sessions.size,
    close: async () => {
      clearInterval(pinger)
      detach()
      for (const s of sessions) s.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
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
