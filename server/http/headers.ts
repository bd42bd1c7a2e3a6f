/**
 * Response headers: no caching of `/api/` answers (the service worker decides what to keep offline, DESIGN §6),
 * nosniff everywhere, and on HTML pages a strict content security policy (the app loads only its own scripts, and
 * talks to its own origin and the market websocket on another port of the same host, hence ws:/wss:).
 */
import type { FastifyInstance } from 'fastify'

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // https: for images operators put in Markdown content (the same rule as src/ui/markdown-policy.ts).
  "img-src 'self' data: blob: https:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** True for `/api`, `/api/…` and `/api?…`. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')
}

/** Adds the header policy to every answer of `app`. */
export function registerHeaderPolicy(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff')
    if (isApiPath(request.url)) {
      reply.header('cache-control', 'no-store')
    } else if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY)
      reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    }
    return payload
  })
}
