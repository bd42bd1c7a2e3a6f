/**
 * The HTTP load generator of `npm run bench -- cluster` (cluster.ts), in a process of its own: autocannon's API
 * (as api-throughput.ts uses its command line), one instance per target origin, all running together. Each of an
 * instance's connections sends one user's session token (`setupClient`), so a signed-in route is called by many users,
 * as in life (one user's calls queue in its own lane: server/api/user-lanes.ts). Served through child-rpc.ts: `run`.
 */
import { createRequire } from 'node:module'
import { serveRpc } from './child-rpc'

/** The part of autocannon's result read here. */
interface Result {
  requests: { average: number }
  latency: { p99: number }
  non2xx: number
  errors: number
  timeouts: number
}

/** The part of autocannon's API used here (the package ships no types). */
type Autocannon = (
  opts: {
    url: string
    connections: number
    duration: number
    setupClient?: (client: { setHeaders(h: Record<string, string>): void }) => void
  },
  done: (err: Error | null, result: Result) => void,
) => unknown

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

/** What one `run` reports: summed over its instances (p99: the worst instance's). */
export interface LoadRun {
  /** Mean requests per second, all instances together. */
  rps: number
  /** ms. */
  p99: number
  /** Answers other than 2xx, plus errors and timeouts. */
  failed: number
}

/** One autocannon instance; its connections take `tokens` in turn from `offset`. */
function once(url: string, connections: number, durationS: number, tokens: string[], offset: number): Promise<Result> {
  let next = offset
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: durationS,
        ...(tokens.length ? { setupClient: (c) => c.setHeaders({ token: tokens[next++ % tokens.length]! }) } : {}),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    )
  })
}

/**
 * Loads every URL of `urls` at once for `durationS` with `connections` each (the same URL twice: two instances on it),
 * each connection with the next of `tokens` (none: signed out).
 */
async function run(args: { urls: string[]; connections: number; durationS: number; tokens?: string[] }) {
  const tokens = args.tokens ?? []
  const results = await Promise.all(
    args.urls.map((url, i) => once(url, args.connections, args.durationS, tokens, i * args.connections)),
  )
  return {
    rps: results.reduce((n, r) => n + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    failed: results.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0),
  } satisfies LoadRun
}

serveRpc({ run })
