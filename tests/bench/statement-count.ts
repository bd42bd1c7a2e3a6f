/**
 * Statements sent to PostgreSQL by this process (every node-postgres query: `begin` and `commit` included), so a
 * bench row can say how many round trips one call of the service costs against its bare-SQL baseline.
 */
import pg from 'pg'

let sent = 0
let installed = false

/** Starts counting (once per process): wraps `pg.Client.prototype.query`. */
function install(): void {
  if (installed) return
  installed = true
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown }
  const original = proto.query
  proto.query = function (this: unknown, ...args: unknown[]) {
    sent++
    return original.apply(this, args)
  }
}

/** A counter from now: `read()` answers the statements sent since. */
export function statementCounter(): { read(): number } {
  install()
  const from = sent
  return { read: () => sent - from }
}
