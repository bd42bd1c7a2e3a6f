/**
 * The TLS listener: HTTP/2 for clients that negotiate it by ALPN (every current browser), HTTP/1.1 for the rest
 * (`allowHTTP1`), on one port. HTTP/2 multiplexes the PWA's many small assets and API calls over one connection.
 * Plain http stays HTTP/1.1: browsers speak HTTP/2 only over TLS.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createSecureServer, type Http2SecureServer, type Http2Session } from 'node:http2'

/**
 * An HTTP/2 session with no stream for this long is closed, ms (Fastify's own `http2SessionTimeout` default, 72 s,
 * which outlasts a typical proxy's 60 s idle timeout so the proxy, not us, ends idle connections first).
 */
export const HTTP2_SESSION_IDLE_MS = 72_000

/** An HTTP/2 server with the method Fastify calls on close to end open sessions (Node 20 does not do it itself). */
export type TlsServer = Http2SecureServer & { closeHttp2Sessions(): void }

/** Creates the listener for `handler` (Fastify's request handler) with the PEM certificate and key. */
export function createTlsServer(
  tls: { cert: string; key: string },
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): TlsServer {
  // The compatibility API hands the handler Http2ServerRequest/Response, which Fastify supports (it checks
  // `httpVersionMajor` per request), and IncomingMessage/ServerResponse for HTTP/1.1 connections.
  const server = createSecureServer({ ...tls, allowHTTP1: true }, handler as never) as TlsServer
  const sessions = new Set<Http2Session>()
  server.on('session', (session) => {
    sessions.add(session)
    session.once('close', () => sessions.delete(session))
    session.setTimeout(HTTP2_SESSION_IDLE_MS, () => session.close())
  })
  server.closeHttp2Sessions = () => {
    for (const session of sessions) session.close()
  }
  return server
}
