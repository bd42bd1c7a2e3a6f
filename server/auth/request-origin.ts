/**
 * The site's own origins, from configuration (`PUBLIC_ORIGIN`, see server/config.ts), never from request headers:
 * Host, X-Forwarded-* and Origin are written by the client, so a phishing site relaying a victim's request could put
 * its own name there (a wallet sign-in message made for `phish.example` would then have been accepted here). Used
 * where an answer names the site: the EIP-4361 domain and URI a wallet signs, and the invitation link.
 */
import { DEFAULT_HTTP_PORT } from '../../common/constants'

/** One configured origin. */
export interface SiteOrigin {
  /** `example.com` or `example.com:8443` (lower-case; default ports omitted, as WHATWG URL writes them). */
  host: string
  /** `https://example.com:8443`. */
  origin: string
}

/**
 * The origins used when PUBLIC_ORIGIN is unset: `http(s)://localhost:<port>` (canonical, what `npm start` prints)
 * and its loopback alias `127.0.0.1`, which only a browser on this machine can reach.
 */
export function defaultPublicOrigins(port: number = DEFAULT_HTTP_PORT, tls = false): string[] {
  const scheme = tls ? 'https' : 'http'
  return [`${scheme}://localhost:${port}`, `${scheme}://127.0.0.1:${port}`].map((o) => new URL(o).origin)
}

/** Parsed `origins` (already validated by the config schema); defaultPublicOrigins() when empty or absent. */
export function siteOrigins(origins: readonly string[] | undefined): SiteOrigin[] {
  const list = origins && origins.length > 0 ? origins : defaultPublicOrigins()
  return list.map((o) => {
    const url = new URL(o)
    return { host: url.host, origin: url.origin }
  })
}

/** The canonical origin (the first configured): links in answers and messages use it. */
export function canonicalOrigin(origins: readonly string[] | undefined): SiteOrigin {
  return siteOrigins(origins)[0]!
}

/**
 * The configured origin a request is most likely shown on, so the wallet sees its page's host in the message: the
 * configured origin whose host equals `hostHeader` (the request's Host header), else the canonical one. The header only chooses among
 * configured values; it never becomes part of an answer.
 */
export function originForRequest(origins: readonly string[] | undefined, hostHeader: string | undefined): SiteOrigin {
  const all = siteOrigins(origins)
  const host = typeof hostHeader === 'string' ? hostHeader.toLowerCase() : ''
  return all.find((o) => o.host === host) ?? all[0]!
}
