/**
 * The one place that opens a NATS connection (issue 22 part 3): from `NATS_URL`, named after the process's roles so
 * the server's monitoring (`/connz`) tells the processes apart, reconnecting forever with a jittered exponential
 * backoff once it was up, and failing at start with an error that names NATS_URL. `closeNats` drains before closing
 * so nothing published or being handled is cut off.
 */
import { hostname } from 'node:os'
import { connect, type NatsConnection, type Status } from '@nats-io/transport-node'

export type { NatsConnection } from '@nats-io/transport-node'

/** A subject token or prefix we accept: letters, digits, `_` and `-` (no `.`, `*`, `>` or spaces). */
export const SUBJECT_TOKEN = /^[A-Za-z0-9_-]+$/

/** Options of `connectNats`. */
export interface NatsConnectOptions {
  /**
   * Server URL(s), comma-separated (`nats://host:4222,nats://other:4222`); default `process.env.NATS_URL`.
   * Credentials in the URL (`nats://user:pass@host`) are used and never logged.
   */
  url?: string
  /** What this process runs, e.g. `ingest` or `api,gateway`: shown as `tc <role> <host> pid <pid>` in monitoring. */
  role: string
  /** Handshake timeout of the first connection, ms (default 5000). */
  timeoutMs?: number
  /** Reconnect backoff, ms: first delay about `minMs`, doubling up to `maxMs` (defaults 250 and 10,000). */
  backoff?: BackoffOptions
  /** Where disconnects, reconnects and server errors are reported (default: nowhere). */
  log?: (line: string) => void
}

/** Bounds of the reconnect backoff, ms. */
export interface BackoffOptions {
  minMs?: number
  maxMs?: number
}

/**
 * Delays between reconnect attempts: attempt n waits a uniformly random time in [b/2, b], b = min(maxMs, minMs·2ⁿ)
 * ("equal jitter", so processes cut off together do not come back in step). The value stays the same until the next
 * `attempt()`, because the client asks for it more than once per attempt.
 */
export class ReconnectBackoff {
  private attempts = 0
  private current: number
  private readonly minMs: number
  private readonly maxMs: number

  constructor(
    opts: BackoffOptions = {},
    private readonly random: () => number = Math.random,
  ) {
    this.minMs = opts.minMs ?? 250
    this.maxMs = Math.max(this.minMs, opts.maxMs ?? 10_000)
    this.current = this.draw()
  }

  /** The delay before the next attempt, ms. */
  delay(): number {
    return this.current
  }

  /** An attempt was made: the next delay is drawn from a doubled bound. */
  attempt(): void {
    this.attempts++
    this.current = this.draw()
  }

  /** Connected again: back to the shortest delay. */
  reset(): void {
    this.attempts = 0
    this.current = this.draw()
  }

  private draw(): number {
    const bound = Math.min(this.maxMs, this.minMs * 2 ** Math.min(this.attempts, 30))
    return Math.round(bound / 2 + (this.random() * bound) / 2)
  }
}

/** The servers of a `NATS_URL` value, with any `user:pass@` replaced by `***@` (for messages and logs). */
export function redactNatsUrl(url: string): string {
  return url.replace(/\/\/[^@/,]*@/g, '//***@')
}

/**
 * Connects to NATS. Once connected the client never gives up: a lost server is redialled forever with
 * `ReconnectBackoff`, publishes are buffered meanwhile, and subscriptions are restored on reconnect.
 * @throws Error `NATS_URL is not set` without a URL; `cannot connect to NATS at NATS_URL=<servers> (<reason>)` when
 *   the first connection fails (refused, timed out, bad URL, authorization)
 */
export async function connectNats(opts: NatsConnectOptions): Promise<NatsConnection> {
  const url = opts.url ?? process.env.NATS_URL
  if (!url?.trim()) throw new Error('NATS_URL is not set: the roles need a NATS server (e.g. nats://127.0.0.1:4222)')
  const servers = url
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const backoff = new ReconnectBackoff(opts.backoff)
  let nc: NatsConnection
  try {
    nc = await connect({
      servers,
      name: `tc ${opts.role} ${hostname()} pid ${process.pid}`,
      timeout: opts.timeoutMs ?? 5000,
      maxReconnectAttempts: -1,
      reconnectDelayHandler: () => backoff.delay(),
      // Pings every 20 s, 3 unanswered → stale → reconnect: a dead server is noticed within a minute.
      pingInterval: 20_000,
      maxPingOut: 3,
    })
  } catch (err) {
    throw new Error(
      `cannot connect to NATS at NATS_URL=${redactNatsUrl(url)} (${(err as Error).message}); is nats-server running with JetStream (-js)?`,
      { cause: err },
    )
  }
  void followStatus(nc, backoff, opts.log)
  return nc
}

/** Drives the backoff from the client's status and reports what the operator should see. */
async function followStatus(nc: NatsConnection, backoff: ReconnectBackoff, log?: (line: string) => void) {
  try {
    for await (const s of nc.status()) {
      if (s.type === 'reconnecting') backoff.attempt()
      else if (s.type === 'reconnect') backoff.reset()
      const line = describeStatus(s)
      if (line) log?.(`nats: ${line}`)
    }
  } catch {
    // The iterator ends with the connection; nothing to report.
  }
}

function describeStatus(s: Status): string | undefined {
  switch (s.type) {
    case 'disconnect':
      return `disconnected from ${s.server}; reconnecting`
    case 'reconnect':
      return `reconnected to ${s.server}`
    case 'error':
      return `server error: ${s.error.message}`
    case 'staleConnection':
      return 'connection stale (pings unanswered); reconnecting'
    case 'slowConsumer':
      return `slow consumer on ${s.sub.getSubject()}: ${s.pending} messages pending`
    case 'ldm':
      return `server ${s.server} entered lame-duck mode`
    default:
      return undefined
  }
}

/** Whether a connection is up, followed from its status. */
export interface LinkState {
  /** False from a disconnect until the reconnect (and once closed). */
  readonly up: boolean
  /** Stops following. */
  stop(): void
}

/**
 * Follows whether `nc` is connected. Publishers of state that is repaired later (market calls, marks) skip
 * publishing while it is down: the client would otherwise buffer every message of an outage in memory.
 */
export function followLink(nc: NatsConnection): LinkState {
  const status = nc.status()[Symbol.asyncIterator]()
  let stopped = false
  const state = {
    up: !nc.isClosed(),
    stop: () => {
      stopped = true
      void status.return?.()
    },
  }
  void (async () => {
    try {
      for (let r = await status.next(); !r.done && !stopped; r = await status.next()) {
        if (r.value.type === 'disconnect') state.up = false
        else if (r.value.type === 'reconnect') state.up = true
      }
    } catch {
      // Ends with the connection.
    }
    if (!stopped) state.up = false
  })()
  return state
}

/**
 * Drains `nc` (its subscriptions finish the messages they hold, pending publishes are flushed), then closes it;
 * closes at once when the drain takes longer than `timeoutMs` (default 5000) or the connection is down.
 * Resolves when the connection is closed; a connection closed already is fine.
 */
export async function closeNats(nc: NatsConnection, timeoutMs = 5000): Promise<void> {
  if (nc.isClosed()) return
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs)
    timer.unref()
  })
  try {
    if (!nc.isDraining()) await Promise.race([nc.drain(), late])
  } catch {
    // Draining a connection that is reconnecting fails; closing below still ends it.
  } finally {
    clearTimeout(timer)
  }
  if (!nc.isClosed()) await nc.close()
  await nc.closed()
}
