/**
 * Which database failures are transient: the same request may well succeed if the caller sends it again. The HTTP
 * edge answers them with a "please retry" envelope (503 + Retry-After) instead of a 500, and never with details.
 * Neutral module (no HTTP here) so services, the CLI and a future transaction-retry helper can ask the same question.
 */

/**
 * SQLSTATEs after which a retry may succeed. Source: PostgreSQL manual, Appendix A "PostgreSQL Error Codes", and
 * §13.5 "Serialization Failure Handling" (40001 and 40P01 are the ones to retry; class 08 and 57P0x are the
 * connection being lost or refused while the server shuts down, restarts or an operator terminates the backend).
 */
const RETRYABLE_SQLSTATES: ReadonlySet<string> = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '57P01', // admin_shutdown (pg_terminate_backend, smart/fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (server starting up or in recovery)
])

/** Class 08: connection_exception and its subclasses (08000, 08003, 08006, 08001, 08004, 08P01…). */
const CONNECTION_CLASS = '08'

/**
 * node-postgres and pg-pool report a dead connection with these messages and no SQLSTATE (pg 8.x, lib/client.js and
 * pg-pool/index.js); they are matched exactly because that is all pg offers.
 */
const PG_CONNECTION_MESSAGES: readonly string[] = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
]

/** Node socket errors of a connection that dropped or could not be made (a retry may reach a restarted server). */
const SOCKET_ERRNOS: ReadonlySet<string> = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT'])

/** drizzle wraps the driver's error in `cause` (DrizzleQueryError); a few levels are enough. */
const MAX_CAUSE_DEPTH = 4

/**
 * True when `err`, or an error in its `cause` chain, is a transient database failure: serialization failure
 * (40001), deadlock (40P01), connection exception (class 08), the backend terminated or the server shutting down or
 * starting (57P01–57P03), node-postgres's own "connection terminated / not queryable / connect timeout", or a socket
 * reset/refusal. Anything else (constraint violations, syntax errors, bugs) is false.
 */
export function isRetryableDbError(err: unknown): boolean {
  let e: unknown = err
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH && e instanceof Error; depth++, e = e.cause) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') {
      if (RETRYABLE_SQLSTATES.has(code) || SOCKET_ERRNOS.has(code)) return true
      if (code.length === 5 && code.startsWith(CONNECTION_CLASS)) return true
    }
    if (PG_CONNECTION_MESSAGES.includes(e.message)) return true
  }
  return false
}
