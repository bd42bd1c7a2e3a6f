/** What a domain service is given instead of reaching for globals (the API passes its AppDeps, the CLI its own). */
import type { SmsSender } from '../auth/messenger'
import type { Db } from '../db/client'
import type { EvmCustody } from '../custody/evm-custody'

/** The dependencies every service may use; each service names the subset it needs with Pick<>. */
export interface ServiceDeps {
  db: Db
  /** The current time; default `new Date()`. A parameter so tests can place calls in time. */
  now?: (() => Date) | undefined
  /** Operational log lines (deliveries, security events); default console.log. */
  log?: ((line: string) => void) | undefined
  /** `smtp(s)://…` for real e-mail; unset = the outbox table plus the log (auth/messenger.ts). */
  smtpUrl?: string | undefined
  /** SMS provider; unset = SMS stay in the outbox table. */
  sms?: SmsSender | undefined
  /** The site's configured origins (`PUBLIC_ORIGIN`; first = canonical), see auth/request-origin.ts. */
  publicOrigins?: readonly string[] | undefined
  /** The EVM network the chain watcher follows (issue 23); unset = no chain, deposits by claim only. */
  custody?: EvmCustody | undefined
}

/** The clock of `deps`. */
export function nowOf(deps: Pick<ServiceDeps, 'now'>): Date {
  return deps.now ? deps.now() : new Date()
}
