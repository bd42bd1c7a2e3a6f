/**
 * The price-alert watcher (issue 24 part 6; `jobs` role): holds every active alert by market, checks each feed ticker's
 * last price against them and fires those met (server/notify/alerts.ts `fireAlerts`, once each even with several
 * watchers). The index follows creations and deletions by NOTIFY `tc_price_alerts` (sent by alert/create and
 * alert/delete on commit, the change in its payload: no table read) and reloads every `reloadMs` anyway (a NOTIFY
 * sent while the listener reconnects is lost). An alert the index learns of after its creation is checked against
 * the prices received since (RECENT_PRICES_MS kept per market): a spike through its target in between fires it.
 */
import { feedDecimal, type DecimalString } from '../../common/amount'
import { listenChannel, type ChangeFeed } from '../cache/change-feed'
import type { Db } from '../db/client'
import type { MarketEvent, MarketService } from '../market/types'
import { activeAlerts, alertChangeOf, alertMet, fireAlerts, PRICE_ALERTS_CHANNEL, type ActiveAlert } from './alerts'

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

/** How long the watcher keeps each market's recent prices, ms: an alert the index learns of late is checked on them. */
export const RECENT_PRICES_MS = 60_000

/** Starts a watcher; resolves once its index is loaded and it follows the feed. */
export async function startAlertWatcher(opts: AlertWatcherOptions): Promise<AlertWatcher> {
  const { db, market } = opts
  const log = opts.log ?? ((line: string) => console.log(line))
  let bySymbol = new Map<string, ActiveAlert[]>()
  /** Each market's last prices as this watcher received them (ms on this process's clock), oldest first. */
  const recent = new Map<string, { at: number; price: DecimalString }[]>()
  /** Alerts being fired now: not offered again until their firing ends. */
  const firing = new Set<number>()
  let chain: Promise<void> = Promise.resolve()
  let firedCount = 0
  let stopped = false

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

  /**
   * An alert the index did not hold before: fired at once when a price received since its creation already met it
   * (the market crossed its target and came back while the news of it travelled).
   */
  const catchUp = (a: ActiveAlert): void => {
    const hit = (recent.get(a.symbol) ?? []).find((p) => p.at >= a.createdAt && alertMet(a.direction, a.price, p.price))
    if (hit && !firing.has(a.id)) fire(a.symbol, [a], hit.price)
  }

  const reload = async (): Promise<void> => {
    const known = new Set([...bySymbol.values()].flat().map((a) => a.id))
    const next = new Map<string, ActiveAlert[]>()
    const loaded = await activeAlerts(db)
    for (const a of loaded) {
      const list = next.get(a.symbol)
      if (list) list.push(a)
      else next.set(a.symbol, [a])
    }
    bySymbol = next
    for (const a of loaded) if (!known.has(a.id)) catchUp(a)
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
  /** A created or deleted alert applied to the index (an unreadable notice reloads it all). */
  const onNotice = (payload: string | undefined): void => {
    const change = alertChangeOf(payload)
    if (!change) return reloadSoon()
    if ('deleted' in change) {
      for (const [symbol, list] of bySymbol)
        bySymbol.set(
          symbol,
          list.filter((a) => a.id !== change.deleted),
        )
      return
    }
    const a = change.created
    const list = bySymbol.get(a.symbol) ?? []
    if (!list.some((x) => x.id === a.id)) bySymbol.set(a.symbol, [...list, a])
    catchUp(a)
  }

  const onEvent = (e: MarketEvent): void => {
    if (stopped || e.type !== 'ticker') return
    const last = feedDecimal(e.tick.close)
    if (last === undefined) return
    const now = Date.now()
    const prices = recent.get(e.symbol) ?? []
    prices.push({ at: now, price: last })
    while (prices.length > 0 && prices[0]!.at < now - RECENT_PRICES_MS) prices.shift()
    recent.set(e.symbol, prices)
    const list = bySymbol.get(e.symbol)
    if (!list || list.length === 0) return
    const met = list.filter((a) => !firing.has(a.id) && alertMet(a.direction, a.price, last))
    if (met.length > 0) fire(e.symbol, met, last)
  }

  const unlisten = market.onEvent(onEvent)
  await reload()
  const feed: ChangeFeed = await listenChannel(
    db,
    PRICE_ALERTS_CHANNEL,
    { onNotice, onListening: (on) => on && reloadSoon() },
    log,
  )
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
