/**
 * The price-alert watcher (issue 24 part 6; `jobs` role): holds every active alert by market, checks each feed ticker's
 * last price against them and fires those met (server/notify/alerts.ts `fireAlerts`, once each even with several
 * watchers). The index follows creations and deletions by NOTIFY `tc_price_alerts` (sent by alert/create and
 * alert/delete on commit) and reloads every `reloadMs` anyway (a NOTIFY sent while the listener reconnects is lost).
 */
import { feedDecimal, type DecimalString } from '../../common/amount'
import { listenChannel, type ChangeFeed } from '../cache/change-feed'
import type { Db } from '../db/client'
import type { MarketEvent, MarketService } from '../market/types'
import { activeAlerts, alertMet, fireAlerts, PRICE_ALERTS_CHANNEL, type ActiveAlert } from './alerts'

export interface AlertWatcherOptions {
  db: Db
  market: MarketService
  log?: (line: string) => void
  /** Safety reload of the index, ms (default 10 000). */
  reloadMs?: number
}

/** A running watcher. */
export interface AlertWatcher {
  /** Reloads the index from the database now. */
  reload(): Promise<void>
  /** Resolves when every firing started so far has ended (tests). */
  settled(): Promise<void>
  /** Alerts this watcher fired since start. */
  fired(): number
  stop(): Promise<void>
}

/** Starts a watcher; resolves once its index is loaded and it follows the feed. */
export async function startAlertWatcher(opts: AlertWatcherOptions): Promise<AlertWatcher> {
  const { db, market } = opts
  const log = opts.log ?? ((line: string) => console.log(line))
  let bySymbol = new Map<string, ActiveAlert[]>()
  /** Alerts being fired now: not offered again until their firing ends. */
  const firing = new Set<number>()
  let chain: Promise<void> = Promise.resolve()
  let firedCount = 0
  let stopped = false

  const reload = async (): Promise<void> => {
    const next = new Map<string, ActiveAlert[]>()
    for (const a of await activeAlerts(db)) {
      const list = next.get(a.symbol)
      if (list) list.push(a)
      else next.set(a.symbol, [a])
    }
    bySymbol = next
  }
  let reloading: Promise<void> | undefined
  /** A notice came during a reload that may have read before its commit: reload once more after it. */
  let again = false
  const reloadSoon = (): void => {
    if (stopped) return
    if (reloading) {
      again = true
      return
    }
    reloading = reload()
      .catch((err: unknown) => log(`[alerts] reload failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        reloading = undefined
        if (again) {
          again = false
          reloadSoon()
        }
      })
  }

  const fire = (symbol: string, met: ActiveAlert[], last: DecimalString): void => {
    for (const a of met) firing.add(a.id)
    chain = chain.then(async () => {
      try {
        const done = await fireAlerts(
          db,
          met.map((a) => a.id),
          last,
        )
        firedCount += done.length
        const gone = new Set(met.map((a) => a.id))
        const list = bySymbol.get(symbol)
        if (list)
          bySymbol.set(
            symbol,
            list.filter((a) => !gone.has(a.id)),
          )
      } catch (err) {
        log(`[alerts] firing ${symbol} failed: ${err instanceof Error ? err.message : String(err)}`)
      } finally {
        for (const a of met) firing.delete(a.id)
      }
    })
  }

  const onEvent = (e: MarketEvent): void => {
    if (stopped || e.type !== 'ticker') return
    const list = bySymbol.get(e.symbol)
    if (!list || list.length === 0) return
    const last = feedDecimal(e.tick.close)
    if (last === undefined) return
    const met = list.filter((a) => !firing.has(a.id) && alertMet(a.direction, a.price, last))
    if (met.length > 0) fire(e.symbol, met, last)
  }

  await reload()
  const feed: ChangeFeed = await listenChannel(
    db,
    PRICE_ALERTS_CHANNEL,
    { onNotice: reloadSoon, onListening: (on) => on && reloadSoon() },
    log,
  )
  const unlisten = market.onEvent(onEvent)
  const timer = setInterval(reloadSoon, opts.reloadMs ?? 10_000)
  timer.unref()

  return {
    reload,
    settled: async () => {
      while (reloading) await reloading
      await chain
    },
    fired: () => firedCount,
    stop: async () => {
      stopped = true
      clearInterval(timer)
      unlisten()
      await feed.close()
      await reloading
      await chain
    },
  }
}
