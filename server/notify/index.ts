/**
 * The `jobs` role's notification work (issue 24 part 6): the price-alert watcher and the Web Push notifier the relay
 * feeds. Stopped (stack order) after the relay, before the market and the database.
 */
import type { ServerConfig } from '../config'
import type { Db } from '../db/client'
import type { MarketService } from '../market/types'
import { startAlertWatcher, type AlertWatcher } from './alert-watcher'
import { startNotifier, type Notifier } from './notifier'

export interface NotifyJobs {
  watcher: AlertWatcher
  notifier: Notifier
  stop(): Promise<void>
}

/** Starts the alert watcher and the notifier. */
export async function startNotifyJobs(opts: {
  db: Db
  market: MarketService
  push: ServerConfig['push']
  log?: (line: string) => void
}): Promise<NotifyJobs> {
  const notifier = startNotifier(opts)
  const watcher = await startAlertWatcher(opts)
  return {
    watcher,
    notifier,
    async stop() {
      await watcher.stop()
      await notifier.stop()
    },
  }
}
