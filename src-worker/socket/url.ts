/** Where the market socket connects when the caller gives no URL (spec §9: page host, MARKET_PORT, wss on https). */
import { USER_STREAM_PATH } from '../../common/api/stream'
import { MARKET_PORT } from '../../common/constants'

/** The parts of a Location the URL is derived from (the worker's own location mirrors the page's origin). */
export interface LocationLike {
  protocol: string
  hostname: string
}

/**
 * `ws[s]://{hostname}:{port}/ws`. Throws when `port` is not an integer 1–65535.
 * @param opts.url used as is when given (must be ws: or wss:).
 */
export function marketUrl(location: LocationLike | undefined, opts: { url?: string; port?: number } = {}): string {
  if (opts.url !== undefined) {
    const u = new URL(opts.url)
    if (u.protocol !== 'ws:' && u.protocol !== 'wss:') throw new Error(`url: expected ws: or wss:, got ${u.protocol}`)
    return u.toString()
  }
  const port = opts.port ?? MARKET_PORT
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`port: expected 1-65535, got ${port}`)
  const scheme = location?.protocol === 'https:' ? 'wss' : 'ws'
  const host = location?.hostname || 'localhost'
  return `${scheme}://${host}:${port}/ws`
}

/**
 * The user stream's URL on the same host and port as the market socket URL `market` (common/api/stream.ts:
 * `ws[s]://<host>:<MARKET_PORT>/ws/v2`); query and fragment dropped.
 */
export function userStreamUrl(market: string): string {
  const u = new URL(market)
  u.pathname = USER_STREAM_PATH
  u.search = ''
  u.hash = ''
  return u.toString()
}
