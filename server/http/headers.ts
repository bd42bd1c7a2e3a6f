/**
 * Response headers: no caching of `/api/` answers (the service worker decides what to keep offline, DESIGN §6) except
 * the public answers served from memory, which are revalidated by ETag (`no-cache`, server/api/route.ts),
 * nosniff everywhere, HSTS when served over TLS, and on HTML pages a strict content security policy: the app loads
 * only its own scripts and talks to its own origin and the market websocket, which is named exactly (the configured
 * public origins' hosts on the market's public port) rather than any `ws:`/`wss:` host.
 */
import type { FastifyInstance } from 'fastify'

/**
 * HSTS for TLS deployments: one year (31,536,000 s), the minimum the OWASP HTTP Headers Cheat Sheet and the HSTS
 * preload list ask for. No `includeSubDomains`: the operator's other subdomains are not ours to force onto https.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000'

/**
 * The market websocket origins of the site: for each public origin, the same host on `marketPort`, `wss:` when the
 * page is https (a browser refuses ws: from an https page anyway).
 */
export function marketOrigins(publicOrigins: readonly string[], marketPort: number): string[] {
  const out = publicOrigins.map((o) => {
    const url = new URL(o)
    return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.hostname}:${marketPort}`
  })
  return [...new Set(out)]
}

/** The CSP of the HTML pages; `connect` lists the market websocket origins (marketOrigins). */
export function contentSecurityPolicy(connect: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // https: for images operators put in Markdown content (the same rule as src/ui/markdown-policy.ts).
    "img-src 'self' data: blob: https:",
    ["connect-src 'self'", ...connect].join(' '),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** True for `/api`, `/api/…` and `/api?…`. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')
}

/** What the policy depends on. */
export interface HeaderPolicyOptions {
  /** Served over https: add Strict-Transport-Security. */
  tls: boolean
  /** The CSP of HTML pages; a function because the public origins may be known only once the server listens. */
  csp: () => string
}

/** Adds the header policy to every answer of `app`. */
export function registerHeaderPolicy(app: FastifyInstance, opts: HeaderPolicyOptions): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff')
    if (opts.tls) reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY)
    if (isApiPath(request.url)) {
      // Cached public answers set `no-cache` (revalidate with their ETag); everything else is never stored.
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
    } else if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('content-security-policy', opts.csp())
      reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    }
    return payload
  })
}
