/** What the HTTP app needs from the rest of the server. */
import type { Db } from '../db/client'
import type { MarketService } from '../market/types'

export interface AppDeps {
  db: Db
  market: MarketService
  /** Port the app tells clients to open the feed on (`common/config.market_port`). */
  marketPublicPort: number
  /** Built PWA folder (with index.html); undefined or missing = API only, `/` explains how to build. */
  distDir?: string | undefined
}
