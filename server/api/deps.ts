/** What the HTTP app needs from the rest of the server. */
import type { SmsSender } from '../auth/messenger'
import type { ServerConfig } from '../config'
import type { EvmCustody } from '../custody/evm-custody'
import type { Db } from '../db/client'
import type { MarketService } from '../market/types'

export interface AppDeps {
  db: Db
  market: MarketService
  /** Port the app tells clients to open the feed on (`common/config.market_port`). */
  marketPublicPort: number
  /** Built PWA folder (with index.html); undefined or missing = API only, `/` explains how to build. */
  distDir?: string | undefined
  /** Server data folder; uploads live in `<dataDir>/uploads`, outside the web root. */
  dataDir: string
  /** `smtp(s)://…` for real e-mail; unset = the outbox table plus the server log. */
  smtpUrl?: string | undefined
  /** Operational log lines (outbox deliveries, security events); default console.log. */
  log?: (line: string) => void
  /**
   * The site's origins (`PUBLIC_ORIGIN`; first = canonical), used for wallet sign-in messages and links. Default
   * DEFAULT_PUBLIC_ORIGIN. Never derived from request headers (auth/request-origin.ts).
   */
  publicOrigins?: readonly string[] | undefined
  /** SMS provider for verification codes; unset = SMS stay in the outbox table (auth/messenger.ts). */
  sms?: SmsSender | undefined
  /** The EVM network the chain watcher follows (issue 23); unset = deposits by claim only. */
  custody?: EvmCustody | undefined
  /** Web Push settings (VAPID, push service hosts); unset = DEFAULT_PUSH_HOSTS and a key pair kept in the database. */
  push?: ServerConfig['push'] | undefined
}
